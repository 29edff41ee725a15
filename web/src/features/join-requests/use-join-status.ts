import { JOIN_STATUS_POLL_MS } from '@schooliko/common/group-requests';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../../kit/toast/toast.slice';
import { joinStatusLoaded, welcomeShown } from './join-request.slice';
import { useJoinStatusQuery } from './join-requests.api';

/**
 * Spec 4.5 / 7.8: a director's join requests, polled every 5 minutes and fetched again the moment
 * a notification arrives (see joinStatus in join-requests.api). When a pending request comes back
 * joined: the welcome toast, the group data refreshed, and `onJoined` (the dialog closes itself
 * 2 s later). Mount it once per screen.
 */
export function useJoinStatus(enabled: boolean, onJoined?: () => void) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const query = useJoinStatusQuery(undefined, {
    skip: !enabled,
    pollingInterval: JOIN_STATUS_POLL_MS,
    skipPollingIfUnfocused: false,
  });
  const welcome = useAppSelector((s) => s.joinRequest.welcome);
  const joinedRef = useRef(onJoined);
  joinedRef.current = onJoined;

  useEffect(() => {
    if (query.data) dispatch(joinStatusLoaded(query.data));
  }, [query.data, dispatch]);

  useEffect(() => {
    if (!welcome) return;
    dispatch(welcomeShown());
    dispatch(
      toast.success(t('groups.join.joined', { group: welcome.groupName }), {
        title: t('groups.join.joinedTitle'),
      }),
    );
    dispatch(api.util.invalidateTags(['Groups']));
    joinedRef.current?.();
  }, [welcome, dispatch, t]);

  return { isError: query.isError, isLoading: query.isLoading };
}
