import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Role } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';

/**
 * "Continue with Google" (spec 2.4), shown when the server has a Google client (the branding's
 * `google_sign_in`): a plain link to the server's start, which comes back to /signin or /signup.
 * The role picked so far goes along, to sign in as it.
 */
export function GoogleButton({ label, role }: { label: string; role?: Role }) {
  const { t } = useTranslation();
  const href = `/api/auth/google/start${role ? `?role=${role}` : ''}`;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', textAlign: 'center' }}>
        {t('auth.google.or')}
      </Typography>
      <Button
        href={href}
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<img src="/images/google-g.svg" alt="" width={18} height={18} />}
        sx={{ gridColumn: '1 / -1', textTransform: 'none' }}
      >
        {label}
      </Button>
    </>
  );
}
