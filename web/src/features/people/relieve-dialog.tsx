import TextField from '@mui/material/TextField';
import type { Staff } from '@schooliko/common/people/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { ConfirmDialog } from './confirm-dialog';
import { useUpdateStaffMutation } from './people.api';

/**
 * Moving a staff member between the active staff and the relieved, asked for and confirmed:
 * relieving (active → relieved) takes the relieving date; rejoining (relieved → active) clears it.
 * Nothing is deleted; each move is in the record's history.
 */
export default function RelieveDialog({ member, onClose }: { member: Staff; onClose: () => void }) {
  const { t } = useTranslation();
  const rejoining = member.status === 'relieved';
  const action = rejoining ? 'rejoin' : 'relieve';
  const [on, setOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [update, { isLoading }] = useUpdateStaffMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      const body = rejoining
        ? { status: 'active' as const }
        : { status: 'relieved' as const, relieved_on: on };
      await update({ id: member.id, body }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      const field = failure.errors.relieved_on;
      setError(
        field
          ? messageText(t, field, failure.codes.relieved_on)
          : messageText(t, failure.message, failure.coded),
      );
    }
  };
  return (
    <ConfirmDialog
      title={t(`people.${action}Title`, { name: member.full_name })}
      text={t(`people.${action}Text`)}
      error={error}
      busy={isLoading}
      disabled={!rejoining && !on}
      confirmLabel={t(`people.${action}`)}
      color={rejoining ? 'primary' : 'warning'}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {!rejoining && (
        <TextField
          fullWidth
          type="date"
          label={t('people.fields.relieved_on')}
          value={on}
          onChange={(e) => setOn(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: 1 }}
        />
      )}
    </ConfirmDialog>
  );
}
