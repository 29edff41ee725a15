import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, signUpSchema } from '@schooliko/common/auth';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { type Said, useMessageText } from '../../kit/forms/messages';
import { FormAlert, useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { useBranding } from '../branding';
import { useSignUpMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import { GoogleButton } from './google-button';
import { GuestOnly } from './guest-only';
import { AuthSubmit, RhfEmailField, RhfPasswordField } from './password-field';
import { RoleField } from './role-field';
import { useGooglePrefill } from './use-google-return';

type Form = z.input<typeof signUpSchema>;

/** Spec 9: the wait between a successful sign-up and the sign-in page. */
export const SIGN_UP_REDIRECT_MS = 1000;

/** `/signup` (spec 2.4, 5.2, 8.2). Teacher, student and parent accounts wait for an admin's approval. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { branding, loading: brandingLoading } = useBranding();
  const [signUp] = useSignUpMutation();
  const [notice, setNotice] = useState<Said | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toastFailure = (text: string) => dispatch(toast.error(text, { title: t('auth.signUp.failedTitle') }));
  const { form, submit, alert, setAlert } = useSchemaForm<Form, typeof signUpSchema>({
    schema: signUpSchema,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      mobile: '',
      password: '',
      confirm_password: '',
    },
    fallback: AUTH_MESSAGES.signUpFailed,
    failed: (failure) => toastFailure(tr(failure.message, failure.coded)),
    send: async (values) => {
      setNotice(null);
      if (!branding.institute_id && values.role !== 'admin') return fail(tr(AUTH_MESSAGES.instituteMissing));
      const answer = await signUp({
        ...values,
        roles: [values.role],
        institute_id: branding.institute_id || undefined,
        institute_data: branding.institute_id
          ? {
              institute_code: branding.institute_code,
              institute_name: branding.institute_name,
              institute_logo: branding.logo_url,
              institute_slogan: branding.slogan,
            }
          : undefined,
      }).unwrap();
      const pending = answer.status === 'pending';
      const title = t('auth.signUp.successTitle');
      dispatch(
        pending
          ? toast.info(tr(answer.message ?? AUTH_MESSAGES.signUpPending), { title })
          : toast.success(tr(AUTH_MESSAGES.signUpSuccess), { title }),
      );
      setRedirecting(true);
      timer.current = setTimeout(() => navigate('/signin', { replace: true }), SIGN_UP_REDIRECT_MS);
    },
  });

  const role = useWatch({ control: form.control, name: 'role' });

  useEffect(() => () => clearTimeout(timer.current), []);

  const fail = (text: string) => {
    setAlert(text);
    toastFailure(text);
  };
  // Back from Google with an email no account here uses: what Google verified fills the form.
  useGooglePrefill(
    (person, said) => {
      form.setValue('first_name', person.first_name);
      form.setValue('last_name', person.last_name);
      form.setValue('email', person.email);
      setNotice(said);
    },
    (said) => fail(tr(said.message, said.coded)),
  );

  const field = (name: Path<Form>) => ({
    name,
    id: name,
    size: 'medium' as const,
    fullWidth: false,
  });

  return (
    <GuestOnly>
      <AuthLayout heading={t('auth.signUp.heading')} intro={t('auth.signUp.intro')} wide>
        <FormProvider {...form}>
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          >
            <FormAlert text={alert} sx={{ gridColumn: '1 / -1' }} />
            {notice && (
              <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
                {tr(notice.message, notice.coded)}
              </Alert>
            )}
            <RhfTextField<Form>
              {...field('first_name')}
              label={t('auth.fields.firstName')}
              autoComplete="given-name"
            />
            <RhfTextField<Form>
              {...field('last_name')}
              label={t('auth.fields.lastName')}
              autoComplete="family-name"
            />
            <RhfEmailField sx={{ gridColumn: '1 / -1' }} />
            <RoleField />
            <RhfTextField<Form>
              {...field('mobile')}
              label={t('auth.fields.mobile')}
              type="tel"
              autoComplete="tel-national"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
            <RhfPasswordField
              name="password"
              fullWidth={false}
              label={t('auth.fields.password')}
              autoComplete="new-password"
            />
            <RhfPasswordField
              name="confirm_password"
              fullWidth={false}
              label={t('auth.fields.confirmPassword')}
              autoComplete="new-password"
            />
            <AuthSubmit busy={redirecting} disabled={brandingLoading} sx={{ gridColumn: '1 / -1', mt: 0.5 }}>
              {t('auth.signUp.submit')}
            </AuthSubmit>
            {branding.google_sign_in && <GoogleButton label={t('auth.google.signUp')} role={role} />}
            <Typography variant="body2" sx={{ textAlign: 'center', gridColumn: '1 / -1' }}>
              {t('auth.signUp.haveAccount')}{' '}
              <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
                {t('auth.signUp.signInLink')}
              </Link>
            </Typography>
          </Box>
        </FormProvider>
      </AuthLayout>
    </GuestOnly>
  );
}
