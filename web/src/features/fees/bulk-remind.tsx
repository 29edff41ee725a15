import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReminderOutcome } from '@schooliko/common/fees/reminders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { messageText } from '../../kit/forms/messages';
import { useBulkRemindMutation } from '../messaging';

/**
 * The defaulter list's bulk action: remind the chosen students' guardians of what is overdue, by
 * email (and SMS when the fee-reminder template is registered), once per student per day.
 */
export function BulkRemindButton({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [remind, { isLoading }] = useBulkRemindMutation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ReminderOutcome | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<NotificationsActive />}
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
      >
        {t('fees.dues.remind', { count: ids.length })}
      </Button>
      {open && (
        <ConfirmDialog
          title={t('fees.dues.remindTitle', { count: ids.length })}
          text={t('fees.dues.remindText', { count: ids.length })}
          action={t('fees.dues.remindAction')}
          color="primary"
          busy={isLoading}
          disabled={done !== null}
          error={error}
          onClose={() => {
            setOpen(false);
            setError(null);
          }}
          onConfirm={async () => {
            try {
              setDone(await remind(ids).unwrap());
            } catch (e) {
              const failure = failureOf(e, t('lists.failed'));
              setError(messageText(t, failure.message, failure.coded) ?? null);
            }
          }}
        >
          {done && (
            <Alert severity="success">
              {t('fees.dues.reminded', {
                count: done.queued,
                skipped: done.skipped,
                repeated: done.repeated,
              })}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
