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
 * Relieving a staff member (active → relieved, with the relieving date): asked for and confirmed,
 * as the record then leaves the active staff. Nothing is deleted; the change is in the history.
 */
export default function RelieveDialog({ member, onClose }: { member: Staff; onClose: () => void }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [update, { isLoading }] = useUpdateStaffMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await update({ id: member.id, body: { status: 'relieved', relieved_on: on } }).unwrap();
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
      <DialogTitle>{t('people.relieveTitle', { name: member.full_name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('people.relieveText')}
        </Typography>
        <TextField
          fullWidth
          type="date"
          label={t('people.fields.relieved_on')}
          value={on}
          onChange={(e) => setOn(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: 1 }}
        />
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
          color="warning"
          disabled={isLoading || !on}
          onClick={() => void confirm()}
        >
          {t('people.relieve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
