import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, type SignUpInput, signUpSchema } from '@schooliko/common/auth';
import type { Coded } from '@schooliko/common/messages';
import { useEffect, useRef, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useBranding } from '../branding/use-branding';
import { type Said, useMessageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useSignUpMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import { GoogleButton } from './google-button';
import { GuestOnly } from './guest-only';
import { PasswordField } from './password-field';
import { RoleField } from './role-field';
import { useGooglePrefill } from './use-google-return';

type Form = z.input<typeof signUpSchema>;
type TextName = 'first_name' | 'last_name' | 'email' | 'mobile' | 'password' | 'confirm_password';
const FIELDS: Path<Form>[] = [
  'first_name',
  'last_name',
  'email',
  'mobile',
  'password',
  'confirm_password',
  'role',
];

/** Spec 9: the wait between a successful sign-up and the sign-in page. */
export const SIGN_UP_REDIRECT_MS = 1000;

/** `/signup` (spec 2.4, 5.2, 8.2). Teacher, student and parent accounts wait for an admin's approval. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { branding, loading: brandingLoading } = useBranding();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [alert, setAlert] = useState<Said | null>(null);
  const [notice, setNotice] = useState<Said | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { register, control, handleSubmit, setError, clearErrors, formState, setValue } = useForm<
    Form,
    unknown,
    SignUpInput
  >({
    resolver: zodResolver(signUpSchema),
    reValidateMode: 'onSubmit',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      mobile: '',
      password: '',
      confirm_password: '',
    },
  });
  const { errors } = formState;

  const role = useWatch({ control, name: 'role' });

  useEffect(() => () => clearTimeout(timer.current), []);

  const fail = (message: string, coded?: Coded) => {
    setAlert({ message, coded });
    dispatch(toast.error(tr(message, coded), { title: t('auth.signUp.failedTitle') }));
  };
  // Back from Google with an email no account here uses: what Google verified fills the form.
  useGooglePrefill(
    (person, said) => {
      setValue('first_name', person.first_name);
      setValue('last_name', person.last_name);
      setValue('email', person.email);
      setNotice(said);
    },
    (said) => fail(said.message, said.coded),
  );

  const onSubmit = async (values: SignUpInput) => {
    setAlert(null);
    setNotice(null);
    if (!branding.institute_id && values.role !== 'admin') return fail(AUTH_MESSAGES.instituteMissing.text);
    try {
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
    } catch (error) {
      const failure = failureOf(error, AUTH_MESSAGES.signUpFailed);
      for (const [field, message] of Object.entries(failure.errors)) {
        if ((FIELDS as string[]).includes(field)) setError(field as Path<Form>, { type: 'server', message });
      }
      fail(failure.message, failure.coded);
    }
  };

  const field = (name: TextName) => {
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
      <AuthLayout heading={t('auth.signUp.heading')} intro={t('auth.signUp.intro')} wide>
        <Box
          component="form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {alert && (
            <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
              {tr(alert.message, alert.coded)}
            </Alert>
          )}
          {notice && (
            <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
              {tr(notice.message, notice.coded)}
            </Alert>
          )}
          <TextField {...field('first_name')} label={t('auth.fields.firstName')} autoComplete="given-name" />
          <TextField {...field('last_name')} label={t('auth.fields.lastName')} autoComplete="family-name" />
          <TextField
            {...field('email')}
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            sx={{ gridColumn: '1 / -1' }}
          />
          <RoleField control={control} onEdit={() => clearErrors('role')} />
          <TextField
            {...field('mobile')}
            label={t('auth.fields.mobile')}
            type="tel"
            autoComplete="tel-national"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
          <PasswordField
            {...field('password')}
            label={t('auth.fields.password')}
            autoComplete="new-password"
          />
          <PasswordField
            {...field('confirm_password')}
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={isLoading || redirecting}
            disabled={brandingLoading}
            sx={{ gridColumn: '1 / -1', mt: 0.5 }}
          >
            {t('auth.signUp.submit')}
          </Button>
          {branding.google_sign_in && <GoogleButton label={t('auth.google.signUp')} role={role} />}
          <Typography variant="body2" sx={{ textAlign: 'center', gridColumn: '1 / -1' }}>
            {t('auth.signUp.haveAccount')}{' '}
            <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
              {t('auth.signUp.signInLink')}
            </Link>
          </Typography>
        </Box>
      </AuthLayout>
    </GuestOnly>
  );
}
