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
import { type DefaultValues, type FieldValues, FormProvider, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { type CodedFieldError, type SchemaForm, useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { LanguageSelect, RhfPasswordField } from '../auth';
import { useChangePasswordMutation, useSaveAccountMutation } from './account.api';
import { AccountPhoto } from './account-photo';

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

/**
 * A form of this page: a refusal is toasted (unless only its fields are wrong), its field errors
 * shown beside them, and a wrong current password beside its box.
 */
function useAccountForm<V extends FieldValues, S extends z.core.$ZodType>(
  schema: S,
  defaultValues: V,
  send: (values: z.output<S>) => Promise<{ message: string }>,
  /** Once saved, the form starts afresh (passwords) instead of keeping what was saved. */
  clear = false,
) {
  const dispatch = useAppDispatch();
  const tr = useMessageText();
  const schemaForm = useSchemaForm<V, S>({
    schema,
    defaultValues: defaultValues as DefaultValues<V>,
    fallback: ACCOUNT_MESSAGES.saveFailed,
    send: async (values) => {
      const answer = await send(values);
      schemaForm.form.reset(clear ? defaultValues : (values as V));
      dispatch(toast.success(tr(answer.message)));
    },
    failed: (failure) => {
      const wrong = failure.coded?.code === ACCOUNT_MESSAGES.currentPasswordWrong.code;
      const error: CodedFieldError = { type: 'server', message: failure.message, coded: failure.coded };
      if (wrong) schemaForm.form.setError('current_password' as Path<V>, error);
      const placed = wrong || Object.keys(failure.errors).length > 0;
      if (!placed || failure.status !== 400) dispatch(toast.error(tr(failure.message, failure.coded)));
    },
  });
  return schemaForm;
}

const field = (name: string) => ({ name, id: name, size: 'medium' as const });

/** A form of this page: its boxes, then its button (busy while the form is sent). */
function AccountForm<V extends FieldValues, S extends z.core.$ZodType>({
  schemaForm: { form, submit },
  label,
  children,
}: {
  schemaForm: SchemaForm<V, S>;
  label: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {children}
          <Box>
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
              {label}
            </Button>
          </Box>
        </Stack>
      </Box>
    </FormProvider>
  );
}

function DetailsForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [save] = useSaveAccountMutation();
  const schemaForm = useAccountForm(
    accountSchema,
    { first_name: user.first_name, last_name: user.last_name, mobile: user.mobile },
    (values) => save(values).unwrap(),
  );

  return (
    <AccountForm schemaForm={schemaForm} label={t('account.save')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfTextField {...field('first_name')} label={t('auth.fields.firstName')} autoComplete="given-name" />
        <RhfTextField {...field('last_name')} label={t('auth.fields.lastName')} autoComplete="family-name" />
      </Stack>
      <TextField
        label={t('auth.fields.email')}
        value={user.email}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText={t('account.emailHint')}
      />
      <RhfTextField
        {...field('mobile')}
        label={t('auth.fields.mobile')}
        autoComplete="tel"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      />
    </AccountForm>
  );
}

const NO_PASSWORDS = { current_password: '', password: '', confirm_password: '' };

function PasswordForm() {
  const { t } = useTranslation();
  const [change] = useChangePasswordMutation();
  const schemaForm = useAccountForm(
    changePasswordSchema,
    NO_PASSWORDS,
    (values) => change(values).unwrap(),
    true,
  );

  return (
    <AccountForm schemaForm={schemaForm} label={t('account.changePassword')}>
      <RhfPasswordField
        name="current_password"
        label={t('account.currentPassword')}
        autoComplete="current-password"
      />
      <RhfPasswordField name="password" label={t('auth.fields.newPassword')} autoComplete="new-password" />
      <RhfPasswordField
        name="confirm_password"
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
      />
    </AccountForm>
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
