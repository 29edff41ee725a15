import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Staff } from '@schooliko/common/people/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
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
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t(`people.${action}Title`, { name: member.full_name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t(`people.${action}Text`)}
        </Typography>
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
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('people.cancel')}
        </Button>
        <Button
          variant="contained"
          color={rejoining ? 'primary' : 'warning'}
          disabled={isLoading || (!rejoining && !on)}
          onClick={() => void confirm()}
        >
          {t(`people.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
