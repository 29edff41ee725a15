import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { messageText } from '../../kit/forms/messages';
import { toast } from '../../kit/toast/toast.slice';

type Decision = 'approved' | 'rejected';

/**
 * Approve and Reject for a concession that waits (a rule's or an ad-hoc one): a waiver takes two
 * people (issue 27), so its proposer sees "Awaiting another approver" instead. The server's answer
 * (or its refusal) shows as a toast.
 */
export function ReviewButtons(props: {
  mine: boolean;
  busy: boolean;
  review: (decision: Decision) => Promise<unknown>;
  /** What the toast says once it is done, per decision. */
  said: Record<Decision, string>;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  if (props.mine) return <Chip size="small" color="warning" label={t('fees.concessions.awaitingOther')} />;
  const decide = async (decision: Decision) => {
    try {
      await props.review(decision);
      dispatch(toast.success(props.said[decision]));
    } catch (error) {
      const failure = failureOf(error, t('lists.failed'));
      dispatch(toast.error(messageText(t, failure.message, failure.coded)));
    }
  };
  return (
    <Stack direction="row" spacing={0.5}>
      <Button size="small" disabled={props.busy} onClick={() => void decide('approved')}>
        {t('fees.concessions.approve')}
      </Button>
      <Button size="small" color="inherit" disabled={props.busy} onClick={() => void decide('rejected')}>
        {t('fees.concessions.reject')}
      </Button>
    </Stack>
  );
}
