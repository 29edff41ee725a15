import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The question asked before a change that cannot simply be undone (relieve, mark as left, end a
 * tie): what will happen, any input it needs, the server's refusal if there was one, and Cancel
 * beside the action. Nothing closes it while the change is on its way.
 */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  action: string;
  color?: 'warning' | 'primary';
  busy: boolean;
  /** The action cannot run yet (an input is missing). */
  disabled?: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={props.busy ? undefined : props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: props.children ? 2 : 0 }}>
          {props.text}
        </Typography>
        {props.children}
        {props.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {props.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {t('people.cancel')}
        </Button>
        <Button
          variant="contained"
          color={props.color ?? 'warning'}
          disabled={props.busy || props.disabled}
          onClick={props.onConfirm}
        >
          {props.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
