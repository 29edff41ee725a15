import type { Group, GroupCreateInput } from '@schooliko/common/groups';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messageText } from '../../kit/forms/messages';
import { errorMessage, onlyLogged } from '../../kit/http-error';
import { toast } from '../../kit/toast/toast.slice';
import {
  useCreateGroupMutation,
  useUpdateDirectorProfileMutation,
  useUpdateGroupMutation,
} from './groups.api';

/**
 * Spec 4.8 / 8.4. Create: the group, then the director profile's link to it (a failure there
 * leaves the group in place and warns, except 404/401/403/parse errors, which are only logged),
 * then /director. Edit: the group itself; the director flags only when they changed.
 */
export function useGroupSubmit(group: Group | null) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userId = useAppSelector((s) => s.auth.user?.id ?? null);
  const [createGroup, creating] = useCreateGroupMutation();
  const [updateGroup, updating] = useUpdateGroupMutation();
  const [updateProfile, linking] = useUpdateDirectorProfileMutation();

  const create = async (values: GroupCreateInput) => {
    const created = await createGroup(values);
    if (created.error) {
      dispatch(toast.error(messageText(t, errorMessage(created.error)) || t('groups.messages.createFailed')));
      return;
    }
    const g = created.data;
    if (userId) {
      const linked = await updateProfile({
        id: userId,
        body: {
          group_data: {
            group_id: g._id,
            group_name: g.group_name,
            group_code: g.group_code,
            group_type: g.group_type,
            group_logo: g.group_logo,
            group_description: values.group_description,
            isPrimaryDirector: values.isPrimaryDirector,
            isPrincipal: values.isPrincipal,
          },
        },
      });
      if (linked.error) {
        if (onlyLogged(linked.error)) {
          console.error('Director profile update after group creation failed', linked.error);
        } else {
          dispatch(toast.warning(t('groups.messages.profileUpdateFailed')));
          navigate('/director');
          return;
        }
      }
    }
    dispatch(
      toast.success(g.group_logo ? t('groups.messages.createdWithLogo') : t('groups.messages.created')),
    );
    navigate('/director');
  };

  const update = async (current: Group, values: GroupCreateInput) => {
    const { isPrimaryDirector, isPrincipal, ...rest } = values;
    const mine = current.my_role;
    const rolesChanged =
      mine && (mine.isPrimaryDirector !== isPrimaryDirector || mine.isPrincipal !== isPrincipal);
    const updated = await updateGroup({
      id: current._id,
      body: rolesChanged ? { ...rest, isPrimaryDirector, isPrincipal } : rest,
    });
    if (updated.error) {
      dispatch(toast.error(messageText(t, errorMessage(updated.error)) || t('groups.messages.updateFailed')));
      return;
    }
    dispatch(toast.success(t('groups.messages.updated')));
    navigate('/director');
  };

  return {
    submit: (values: GroupCreateInput) => (group ? update(group, values) : create(values)),
    busy: creating.isLoading || updating.isLoading || linking.isLoading,
  };
}
