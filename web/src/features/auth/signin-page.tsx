import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, type SignInInput, signInSchema } from '@schooliko/common/auth';
import type { Coded } from '@schooliko/common/messages';
import { useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useBranding } from '../branding/use-branding';
import { type Said, useMessageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useSignInMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import { GoogleButton } from './google-button';
import { GuestOnly } from './guest-only';
import { PasswordField } from './password-field';
import { RoleField } from './role-field';
import { useGoogleSignInReturn } from './use-google-return';

type Form = z.input<typeof signInSchema>;
const FIELDS: Path<Form>[] = ['email', 'password', 'role'];

/** `/signin` (spec 2.4, 5.1, 8.2): where the redirect after success happens is GuestOnly. */
export default function SignInPage() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const { branding, loading: brandingLoading } = useBranding();
  const [signIn, { isLoading }] = useSignInMutation();
  const [alert, setAlert] = useState<Said | null>(null);
  const { register, control, handleSubmit, setError, clearErrors, formState } = useForm<
    Form,
    unknown,
    SignInInput
  >({
    resolver: zodResolver(signInSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;
  const role = useWatch({ control, name: 'role' });

  const fail = (message: string, coded?: Coded) => {
    setAlert({ message, coded });
    dispatch(toast.error(tr(message, coded), { title: t('auth.signIn.failedTitle') }));
  };
  useGoogleSignInReturn((said) => fail(said.message, said.coded));

  const onSubmit = async (values: SignInInput) => {
    setAlert(null);
    if (!branding.institute_id && values.role !== 'admin') return fail(AUTH_MESSAGES.instituteMissing.text);
    try {
      const session = await signIn({ ...values, institute_id: branding.institute_id || undefined }).unwrap();
      const title = t('auth.signIn.successTitle');
      // The password was right but the picked role is not held here: signed in as one that is.
      dispatch(
        session.role === values.role
          ? toast.success(tr(AUTH_MESSAGES.signInSuccess), { title })
          : toast.info(tr(AUTH_MESSAGES.signedInOtherRole), { title }),
      );
    } catch (error) {
      const failure = failureOf(error, AUTH_MESSAGES.signInFailed);
      for (const [field, message] of Object.entries(failure.errors)) {
        if ((FIELDS as string[]).includes(field)) setError(field as Path<Form>, { type: 'server', message });
      }
      fail(failure.message, failure.coded);
    }
  };

  const field = (name: 'email' | 'password') => {
    const { ref, ...rest } = register(name, { onChange: () => clearErrors(name) });
    return {
      ...rest,
      inputRef: ref,
      id: name,
      error: Boolean(errors[name]),
      helperText: tr(errors[name]?.message),
    };
  };

  return (
    <GuestOnly>
      <AuthLayout heading={t('auth.signIn.heading')} intro={t('auth.signIn.intro')}>
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <Stack spacing={2.25}>
            {alert && (
              <Alert severity="error" role="alert">
                {tr(alert.message, alert.coded)}
              </Alert>
            )}
            <TextField
              {...field('email')}
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              fullWidth
            />
            <PasswordField
              {...field('password')}
              label={t('auth.fields.password')}
              autoComplete="current-password"
              fullWidth
            />
            <RoleField control={control} onEdit={() => clearErrors('role')} />
            <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
              <Link component={RouterLink} to="/forgot-password" variant="body2">
                {t('auth.signIn.forgot')}
              </Link>
            </Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              loading={isLoading}
              disabled={brandingLoading}
            >
              {t('auth.signIn.submit')}
            </Button>
            {branding.google_sign_in && <GoogleButton label={t('auth.google.continue')} role={role} />}
            <Typography variant="body2" sx={{ textAlign: 'center' }}>
              {t('auth.signIn.noAccount')}{' '}
              <Link component={RouterLink} to="/signup" sx={{ fontWeight: 600 }}>
                {t('auth.signIn.signUpLink')}
              </Link>
            </Typography>
          </Stack>
        </Box>
      </AuthLayout>
    </GuestOnly>
  );
}
