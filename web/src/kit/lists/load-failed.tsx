import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** Something on the screen could not be loaded: says so (`message`, or the lists' text), with a retry. */
export function LoadFailed({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('home.retry')}
        </Button>
      }
    >
      {message ?? t('lists.failed')}
    </Alert>
  );
}
