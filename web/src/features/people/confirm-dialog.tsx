import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A change asked for before it is made: its title, what it does, any fields it needs, the
 * failure if it failed, Cancel and the confirming button (both off while it runs).
 */
export function ConfirmDialog({
  title,
  text,
  children,
  error,
  busy,
  disabled = false,
  confirmLabel,
  color = 'primary',
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  children?: ReactNode;
  error: string | null;
  busy: boolean;
  disabled?: boolean;
  confirmLabel: string;
  color?: ButtonProps['color'];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: children ? 2 : 0 }}>
          {text}
        </Typography>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('people.cancel')}
        </Button>
        <Button variant="contained" color={color} disabled={busy || disabled} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
