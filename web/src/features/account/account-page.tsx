import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, accountSchema, changePasswordSchema } from '@schooliko/common/account';
import type { AuthUser } from '@schooliko/common/auth';
import { type ReactNode, useEffect } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { failureOf } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LanguageSelect } from '../auth/language-select';
import { PasswordField } from '../auth/password-field';
import { useMessageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useChangePasswordMutation, useSaveAccountMutation } from './account.api';
import { AccountPhoto } from './account-photo';

type Details = z.output<typeof accountSchema>;
type Passwords = z.output<typeof changePasswordSchema>;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ mt: hint ? 0 : 2 }}>{children}</Box>
    </Paper>
  );
}

/** A text field registered with a form, its error shown in the reader's language. */
function useField<T extends FieldValues>(form: UseFormReturn<T, unknown, T>) {
  const tr = useMessageText();
  return (name: Path<T>) => {
    const { ref, ...rest } = form.register(name, { onChange: () => form.clearErrors(name) });
    const error = form.formState.errors[name]?.message;
    return {
      ...rest,
      inputRef: ref,
      id: name,
      error: Boolean(error),
      helperText: tr(typeof error === 'string' ? error : undefined),
      fullWidth: true,
    };
  };
}

/** Puts the server's field errors on the form and toasts its message. */
function useFailure() {
  const dispatch = useAppDispatch();
  const tr = useMessageText();
  return <T extends FieldValues>(form: UseFormReturn<T, unknown, T>, failed: unknown, fields: Path<T>[]) => {
    const failure = failureOf(failed, ACCOUNT_MESSAGES.saveFailed);
    let placed = false;
    for (const name of fields) {
      const message = failure.errors[name];
      if (message) {
        form.setError(name, { type: 'server', message });
        placed = true;
      }
    }
    if (failure.coded?.code === 'account.currentPasswordWrong') {
      form.setError('current_password' as Path<T>, { type: 'server', message: failure.message });
      placed = true;
    }
    if (!placed || failure.status !== 400) dispatch(toast.error(tr(failure.message, failure.coded)));
  };
}

function DetailsForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const [save, { isLoading }] = useSaveAccountMutation();
  const fail = useFailure();
  const form = useForm<Details, unknown, Details>({
    resolver: zodResolver(accountSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { first_name: user.first_name, last_name: user.last_name, mobile: user.mobile },
  });
  const field = useField(form);

  const onSubmit = async (values: Details) => {
    try {
      const answer = await save(values).unwrap();
      form.reset(values);
      dispatch(toast.success(tr(answer.message)));
    } catch (failed) {
      fail(form, failed, ['first_name', 'last_name', 'mobile']);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...field('first_name')} label={t('auth.fields.firstName')} autoComplete="given-name" />
          <TextField {...field('last_name')} label={t('auth.fields.lastName')} autoComplete="family-name" />
        </Stack>
        <TextField
          label={t('auth.fields.email')}
          value={user.email}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
          helperText={t('account.emailHint')}
        />
        <TextField
          {...field('mobile')}
          label={t('auth.fields.mobile')}
          autoComplete="tel"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('account.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const [change, { isLoading }] = useChangePasswordMutation();
  const fail = useFailure();
  const empty = { current_password: '', password: '', confirm_password: '' };
  const form = useForm<Passwords, unknown, Passwords>({
    resolver: zodResolver(changePasswordSchema),
    reValidateMode: 'onSubmit',
    defaultValues: empty,
  });
  const field = useField(form);

  const onSubmit = async (values: Passwords) => {
    try {
      const answer = await change(values).unwrap();
      form.reset(empty);
      dispatch(toast.success(tr(answer.message)));
    } catch (failed) {
      fail(form, failed, ['current_password', 'password', 'confirm_password']);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack spacing={2}>
        <PasswordField
          {...field('current_password')}
          label={t('account.currentPassword')}
          autoComplete="current-password"
        />
        <PasswordField
          {...field('password')}
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
        />
        <PasswordField
          {...field('confirm_password')}
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
        />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('account.changePassword')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * /profile-settings, from the avatar menu (spec 2.5), for every role: the person's own name,
 * mobile, photo, language and password. Admins and directors also find the institute's contact
 * information (/update-profile, spec 2.10) from here.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.auth.user);

  useEffect(() => {
    document.title = t('shell.profileSettings');
  }, [t]);

  if (!user) return null;
  const manages = user.role === 'admin' || user.role === 'director';
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('shell.profileSettings')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('account.intro')}
      </Typography>
      <Stack spacing={3}>
        <Section title={t('account.details')}>
          <DetailsForm key={user.id} user={user} />
        </Section>
        <Section title={t('account.photo')} hint={t('account.photoHint')}>
          <AccountPhoto user={user} />
        </Section>
        <Section title={t('account.language')} hint={t('account.languageHint')}>
          <LanguageSelect />
        </Section>
        <Section title={t('account.password')} hint={t('account.passwordHint')}>
          <PasswordForm />
        </Section>
        {manages && (
          <Section title={t('account.institute')} hint={t('account.instituteHint')}>
            <Link component={RouterLink} to="/update-profile" sx={{ fontWeight: 600 }}>
              {t('profile.title')}
            </Link>
          </Section>
        )}
      </Stack>
    </Box>
  );
}
