import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES, forgotPasswordSchema } from '@schooliko/common/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useMessageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useForgotPasswordMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import { GuestOnly } from './guest-only';

type Form = z.input<typeof forgotPasswordSchema>;
type Values = z.output<typeof forgotPasswordSchema>;

/** `/forgot-password` (spec 2.4, 5.3): mails a reset link; the answer never says whether the email exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const [sendLink, { isLoading }] = useForgotPasswordMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Form, unknown, Values>({
    resolver: zodResolver(forgotPasswordSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '' },
  });
  const error = formState.errors.email;
  const { ref, ...email } = register('email', { onChange: () => clearErrors('email') });

  const onSubmit = async (values: Values) => {
    setResult(null);
    try {
      const answer = await sendLink(values).unwrap();
      setResult({ ok: true, message: answer.message ?? AUTH_MESSAGES.resetLinkSent.text });
    } catch (failed) {
      const failure = failureOf(failed, AUTH_MESSAGES.resetLinkFailed);
      if (failure.errors.email) setError('email', { type: 'server', message: failure.errors.email });
      setResult({ ok: false, message: failure.message });
      dispatch(toast.error(tr(failure.message, failure.coded), { title: t('auth.reset.failedTitle') }));
    }
  };

  return (
    <GuestOnly>
      <AuthLayout heading={t('auth.forgot.heading')} intro={t('auth.forgot.intro')}>
        <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <Stack spacing={2.25}>
            {result && (
              <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
                {tr(result.message)}
              </Alert>
            )}
            <TextField
              {...email}
              inputRef={ref}
              id="email"
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              error={Boolean(error)}
              helperText={tr(error?.message)}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading}>
              {t('auth.forgot.submit')}
            </Button>
            <Typography variant="body2" sx={{ textAlign: 'center' }}>
              <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
                {t('auth.backToSignIn')}
              </Link>
            </Typography>
          </Stack>
        </Box>
      </AuthLayout>
    </GuestOnly>
  );
}
