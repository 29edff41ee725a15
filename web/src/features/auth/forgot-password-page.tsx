import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { AUTH_MESSAGES, forgotPasswordSchema } from '@schooliko/common/auth';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useMessageText } from '../../kit/forms/messages';
import { FormAlert, useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { useForgotPasswordMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import { GuestOnly } from './guest-only';
import { AuthSubmit, BackToSignIn, RhfEmailField } from './password-field';

/** `/forgot-password` (spec 2.4, 5.3): mails a reset link; the answer never says whether the email exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const [sendLink] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit, alert } = useSchemaForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    fallback: AUTH_MESSAGES.resetLinkFailed,
    failed: (failure) => {
      setSent(null);
      dispatch(toast.error(tr(failure.message, failure.coded), { title: t('auth.reset.failedTitle') }));
    },
    send: async (values) => {
      setSent(null);
      const answer = await sendLink(values).unwrap();
      setSent(tr(answer.message ?? AUTH_MESSAGES.resetLinkSent));
    },
  });

  return (
    <GuestOnly>
      <AuthLayout heading={t('auth.forgot.heading')} intro={t('auth.forgot.intro')}>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2.25}>
              {sent && (
                <Alert severity="success" role="status">
                  {sent}
                </Alert>
              )}
              <FormAlert text={alert} />
              <RhfEmailField />
              <AuthSubmit>{t('auth.forgot.submit')}</AuthSubmit>
              <BackToSignIn />
            </Stack>
          </Box>
        </FormProvider>
      </AuthLayout>
    </GuestOnly>
  );
}
