import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { AUTH_MESSAGES, resetPasswordSchema } from '@schooliko/common/auth';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch } from '../../app/hooks';
import { fieldErrorText, useMessageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { signedOut } from '../../kit/session';
import { toast } from '../../kit/toast/toast.slice';
import { useResetPasswordMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import { AuthSubmit, BackToSignIn, RhfPasswordField } from './password-field';

type Form = z.input<typeof resetPasswordSchema>;

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
  const [reset] = useResetPasswordMutation();
  // The link was refused as invalid or expired: the alert offers a new one.
  const [expired, setExpired] = useState(false);
  const { form, submit, alert } = useSchemaForm<Form, typeof resetPasswordSchema>({
    schema: resetPasswordSchema,
    defaultValues: { token, password: '', confirm_password: '' },
    fallback: AUTH_MESSAGES.resetFailed,
    failed: (failure) => {
      setExpired(failure.coded?.code === AUTH_MESSAGES.tokenInvalid.code);
      dispatch(toast.error(tr(failure.message, failure.coded), { title: t('auth.reset.failedTitle') }));
    },
    send: async (values) => {
      setExpired(false);
      const answer = await reset(values).unwrap();
      dispatch(signedOut());
      dispatch(toast.success(tr(answer.message ?? AUTH_MESSAGES.passwordResetDone)));
      navigate('/signin', { replace: true });
    },
  });
  const tokenError = fieldErrorText(t, form.formState.errors.token);
  const shown = token ? (alert ?? tokenError) : tr(AUTH_MESSAGES.tokenMissing);
  const invalidLink = !token || expired || Boolean(tokenError);

  return (
    <AuthLayout heading={t('auth.reset.heading')} intro={t('auth.reset.intro')}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.25}>
            {shown && (
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
                {shown}
              </Alert>
            )}
            {token && (
              <>
                <RhfPasswordField
                  name="password"
                  label={t('auth.fields.newPassword')}
                  autoComplete="new-password"
                />
                <RhfPasswordField
                  name="confirm_password"
                  label={t('auth.fields.confirmPassword')}
                  autoComplete="new-password"
                />
                <AuthSubmit>{t('auth.reset.submit')}</AuthSubmit>
              </>
            )}
            <BackToSignIn />
          </Stack>
        </Box>
      </FormProvider>
    </AuthLayout>
  );
}
