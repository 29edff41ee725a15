import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../kit/toast/toast.slice';
import { joinRequestRemoved } from './join-request.slice';
import { useGroupRequestMutation } from './join-requests.api';

/** Spec 2.9 / 8.4: withdraw a pending join request (event_type delete-request), after a confirmation. */
export function CancelRequestButton({ requestId, groupName }: { requestId: string; groupName: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [send, sending] = useGroupRequestMutation();

  const cancel = async () => {
    const result = await send({ event_type: 'delete-request', request_id: requestId });
    setConfirming(false);
    if (result.error) {
      dispatch(
        toast.error(t('groups.messages.cancelFailed'), { title: t('groups.messages.cancelFailedTitle') }),
      );
      return;
    }
    dispatch(joinRequestRemoved(requestId));
    dispatch(toast.success(t('groups.messages.cancelled'), { title: t('groups.messages.cancelledTitle') }));
  };

  return (
    <>
      <Button
        color="inherit"
        size="small"
        onClick={() => setConfirming(true)}
        disabled={sending.isLoading}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('groups.join.cancelRequest')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancel-request-title">
        <DialogTitle id="cancel-request-title">{t('groups.join.cancelConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('groups.join.cancelConfirmText', { group: groupName })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('groups.join.keepRequest')}</Button>
          <Button color="error" variant="contained" onClick={cancel} disabled={sending.isLoading}>
            {t('groups.join.cancelRequest')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
