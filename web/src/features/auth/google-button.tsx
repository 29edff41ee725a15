import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import type { Role } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';

/** Google's "G", in its own colours (Google's sign-in branding guidelines). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.4-4.7 7l7.6 5.9c4.4-4.1 6.8-10.1 6.8-17.4z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

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
      <Divider sx={{ gridColumn: '1 / -1', color: 'text.secondary', typography: 'body2' }}>
        {t('auth.google.or')}
      </Divider>
      <Button
        href={href}
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<GoogleMark />}
        sx={{ gridColumn: '1 / -1', textTransform: 'none' }}
      >
        {label}
      </Button>
    </>
  );
}
