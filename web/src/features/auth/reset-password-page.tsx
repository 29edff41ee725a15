import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, resetPasswordSchema } from '@schooliko/common/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { type Said, useMessageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useResetPasswordMutation } from './auth.api';
import { signedOut } from './auth.slice';
import { AuthLayout } from './auth-layout';
import { PasswordField } from './password-field';

type Form = z.input<typeof resetPasswordSchema>;
type Values = z.output<typeof resetPasswordSchema>;

/**
 * `/reset-password?token=` (spec 2.4, 5.3). Opened from the mailed link, so it does not send a
 * signed-in person away: the reset ends every session and leads to sign in.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [alert, setAlert] = useState<Said | null>(
    token ? null : { message: AUTH_MESSAGES.tokenMissing.text },
  );
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Form, unknown, Values>({
    resolver: zodResolver(resetPasswordSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { token, password: '', confirm_password: '' },
  });
  const { errors } = formState;

  const onSubmit = async (values: Values) => {
    setAlert(null);
    try {
      const answer = await reset(values).unwrap();
      dispatch(signedOut());
      dispatch(toast.success(tr(answer.message ?? AUTH_MESSAGES.passwordResetDone)));
      navigate('/signin', { replace: true });
    } catch (failed) {
      const failure = failureOf(failed, AUTH_MESSAGES.resetFailed);
      for (const name of ['password', 'confirm_password'] as const) {
        const message = failure.errors[name];
        if (message) setError(name, { type: 'server', message });
      }
      setAlert({ message: failure.message, coded: failure.coded });
      dispatch(toast.error(tr(failure.message, failure.coded), { title: t('auth.reset.failedTitle') }));
    }
  };

  const field = (name: 'password' | 'confirm_password') => {
    const { ref, ...rest } = register(name, { onChange: () => clearErrors(name) });
    return {
      ...rest,
      inputRef: ref,
      id: name,
      error: Boolean(errors[name]),
      helperText: tr(errors[name]?.message),
    };
  };

  const invalidLink = !token || alert?.message === AUTH_MESSAGES.tokenInvalid.text || Boolean(errors.token);

  return (
    <AuthLayout heading={t('auth.reset.heading')} intro={t('auth.reset.intro')}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2.25}>
          {(alert || errors.token) && (
            <Alert
              severity="error"
              role="alert"
              action={
                invalidLink ? (
                  <Button component={RouterLink} to="/forgot-password" color="inherit" size="small">
                    {t('auth.reset.newLink')}
                  </Button>
                ) : undefined
              }
            >
              {alert ? tr(alert.message, alert.coded) : tr(errors.token?.message)}
            </Alert>
          )}
          {token && (
            <>
              <PasswordField
                {...field('password')}
                label={t('auth.fields.newPassword')}
                autoComplete="new-password"
                fullWidth
              />
              <PasswordField
                {...field('confirm_password')}
                label={t('auth.fields.confirmPassword')}
                autoComplete="new-password"
                fullWidth
              />
              <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
                {t('auth.reset.submit')}
              </Button>
            </>
          )}
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
              {t('auth.backToSignIn')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
