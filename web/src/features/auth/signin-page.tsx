import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, signInSchema } from '@schooliko/common/auth';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch } from '../../app/hooks';
import { useMessageText } from '../../kit/forms/messages';
import { FormAlert, useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { useBranding } from '../branding';
import { useSignInMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import { GoogleButton } from './google-button';
import { GuestOnly } from './guest-only';
import { AuthSubmit, RhfEmailField, RhfPasswordField } from './password-field';
import { RoleField } from './role-field';
import { useGoogleSignInReturn } from './use-google-return';

type Form = z.input<typeof signInSchema>;

/** `/signin` (spec 2.4, 5.1, 8.2): where the redirect after success happens is GuestOnly. */
export default function SignInPage() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const { branding, loading: brandingLoading } = useBranding();
  const [signIn] = useSignInMutation();
  const toastFailure = (text: string) => dispatch(toast.error(text, { title: t('auth.signIn.failedTitle') }));
  const { form, submit, alert, setAlert } = useSchemaForm<Form, typeof signInSchema>({
    schema: signInSchema,
    defaultValues: { email: '', password: '' },
    fallback: AUTH_MESSAGES.signInFailed,
    failed: (failure) => toastFailure(tr(failure.message, failure.coded)),
    send: async (values) => {
      if (!branding.institute_id && values.role !== 'admin') return fail(tr(AUTH_MESSAGES.instituteMissing));
      const session = await signIn({ ...values, institute_id: branding.institute_id || undefined }).unwrap();
      const title = t('auth.signIn.successTitle');
      // The password was right but the picked role is not held here: signed in as one that is.
      // "Redirecting..." is brief: read while home loads, not left over it.
      dispatch(
        session.role === values.role
          ? toast.success(tr(AUTH_MESSAGES.signInSuccess), { title, brief: true })
          : toast.info(tr(AUTH_MESSAGES.signedInOtherRole), { title }),
      );
    },
  });
  const role = useWatch({ control: form.control, name: 'role' });

  const fail = (text: string) => {
    setAlert(text);
    toastFailure(text);
  };
  useGoogleSignInReturn((said) => fail(tr(said.message, said.coded)));

  return (
    <GuestOnly>
      <AuthLayout heading={t('auth.signIn.heading')} intro={t('auth.signIn.intro')}>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2.25}>
              <FormAlert text={alert} />
              <RhfEmailField />
              <RhfPasswordField
                name="password"
                label={t('auth.fields.password')}
                autoComplete="current-password"
              />
              <RoleField />
              <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
                <Link component={RouterLink} to="/forgot-password" variant="body2">
                  {t('auth.signIn.forgot')}
                </Link>
              </Box>
              <AuthSubmit disabled={brandingLoading}>{t('auth.signIn.submit')}</AuthSubmit>
              {branding.google_sign_in && <GoogleButton label={t('auth.google.continue')} role={role} />}
              <Typography variant="body2" sx={{ textAlign: 'center' }}>
                {t('auth.signIn.noAccount')}{' '}
                <Link component={RouterLink} to="/signup" sx={{ fontWeight: 600 }}>
                  {t('auth.signIn.signUpLink')}
                </Link>
              </Typography>
            </Stack>
          </Box>
        </FormProvider>
      </AuthLayout>
    </GuestOnly>
  );
}
