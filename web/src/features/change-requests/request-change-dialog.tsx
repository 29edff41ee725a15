import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChangeRequestEntity, CreateChangeRequest } from '@schooliko/common/people/change-requests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { useRequestChangeMutation } from './change-requests.api';

/** The contact details a parent or student may ask the office to change (common/people/change-requests). */
export const ASKABLE_FIELDS: Record<ChangeRequestEntity, readonly string[]> = {
  student: ['address', 'city', 'state', 'pincode'],
  guardian: ['phone', 'email', 'address', 'occupation'],
};

/**
 * A parent's or student's request to change a record's contact details: the fields as they are
 * now, to edit; only what changed is sent. Nothing changes until the office approves.
 */
export function RequestChangeDialog(props: {
  entity: ChangeRequestEntity;
  id: string;
  name: string;
  current: Record<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fields = ASKABLE_FIELDS[props.entity];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f, props.current[f] ?? ''])),
  );
  const [note, setNote] = useState('');
  const [send, { isLoading, isSuccess }] = useRequestChangeMutation();
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const submit = async () => {
    setError(null);
    const changes = Object.fromEntries(
      fields.filter((f) => values[f] !== (props.current[f] ?? '')).map((f) => [f, values[f]]),
    );
    try {
      await send({
        entity: props.entity,
        entity_id: props.id,
        changes,
        note,
      } as CreateChangeRequest).unwrap();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      const field = Object.keys(failure.errors)
        .find((k) => k.startsWith('changes.'))
        ?.slice(8);
      setError(
        field
          ? {
              field,
              text:
                messageText(t, failure.errors[`changes.${field}`], failure.codes[`changes.${field}`]) ?? '',
            }
          : { text: messageText(t, failure.message, failure.coded) ?? '' },
      );
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('people.changeRequest.title', { name: props.name })}</DialogTitle>
      <DialogContent>
        {isSuccess ? (
          <Alert severity="success">{t('people.messages.changeRequests.created')}</Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{t('people.changeRequest.explain')}</Typography>
            {fields.map((f) => (
              <TextField
                key={f}
                label={t(`people.fields.${f}`)}
                value={values[f]}
                onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
                error={error?.field === f}
                helperText={error?.field === f ? error.text : undefined}
                multiline={f === 'address'}
              />
            ))}
            <TextField
              label={t('people.changeRequest.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              multiline
              minRows={2}
            />
            {error && !error.field && <Alert severity="error">{error.text}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={isLoading}>
          {isSuccess ? t('people.close') : t('people.cancel')}
        </Button>
        {!isSuccess && (
          <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
            {t('people.changeRequest.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
