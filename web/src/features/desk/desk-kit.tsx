import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Permission } from '@schooliko/common/permissions';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { useMessageText } from '../forms/messages';

/** Whether the signed-in person holds any of `permissions`. */
export function useCan(...permissions: Permission[]): boolean {
  const held = useAppSelector((s) => s.auth.user?.permissions);
  return permissions.some((p) => held?.includes(p) ?? false);
}

/** What a failed mutation says, in the reader's language, with its field texts. */
export function useFailure() {
  const text = useMessageText();
  return (error: unknown) => {
    if (!error) return { message: '', fields: {} as Record<string, string> };
    const f = failureOf(error, 'error');
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(f.errors ?? {})) fields[k] = text(v, f.codes?.[k]);
    return { message: text(f.message, f.coded), fields };
  };
}

/** A dialog holding a form: its fields, the failure, Cancel and the submit button. */
export function FormDialog(props: {
  open: boolean;
  title: string;
  submit: string;
  busy: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const send = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      <form onSubmit={send} noValidate>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.error && <Alert severity="error">{props.error}</Alert>}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('desk.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {props.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A select of fixed values whose labels live under `prefix` in desk.json. */
export function ChoiceField({
  values,
  prefix,
  ...props
}: TextFieldProps & { values: readonly string[]; prefix: string }) {
  const { t } = useTranslation();
  return (
    <TextField select fullWidth {...props}>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {v === '' ? t('desk.all') : t(`${prefix}.${v}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export const today = () => new Date().toISOString().slice(0, 10);
