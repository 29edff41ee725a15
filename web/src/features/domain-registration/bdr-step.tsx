import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  BDR_MESSAGES,
  bdrFetchQuerySchema,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  verifyOtpBodySchema,
} from '@schooliko/common/bdrs';
import { type Dispatch, useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { FormAlert, useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { useSendOtpMutation, useVerifyOtpMutation } from './domain-registration.api';
import type { RegistrationAction, RegistrationState } from './registration.state';
import { StepSection } from './step-section';

type Props = { state: RegistrationState; dispatch: Dispatch<RegistrationAction> };

/** Seconds until another code may be asked for, ticking down. */
function useCountdown(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Step 1 (spec 4.11): the BDR id, a real code mailed to the BDR, and its verification. */
export function BdrStep({ state, dispatch }: Props) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const appDispatch = useAppDispatch();
  const [sendOtp] = useSendOtpMutation();
  const [resendAt, setResendAt] = useState(0);
  // Each code sent opens a fresh OTP box.
  const [sent, setSent] = useState(0);
  const wait = useCountdown(resendAt);
  const verified = state.grant !== null;
  const { form, submit, alert, setAlert } = useSchemaForm({
    schema: bdrFetchQuerySchema,
    defaultValues: { bdr_id: state.bdrId },
    fallback: BDR_MESSAGES.sendFailed.text,
    send: async ({ bdr_id }) => {
      try {
        const answer = await sendOtp(bdr_id).unwrap();
        dispatch({ type: 'otpSent', bdr: { devMailViewer: answer.data.dev_mail_viewer } });
        setSent((n) => n + 1);
        setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000);
        appDispatch(toast.success(tr(answer.message ?? BDR_MESSAGES.otpSent)));
      } catch (error) {
        const failure = failureOf(error, BDR_MESSAGES.sendFailed);
        // A 429 says how long to wait: the button counts it down.
        const seconds = /(\d+) seconds?/.exec(failure.message)?.[1];
        if ((error as { status?: unknown }).status === 429 && seconds)
          setResendAt(Date.now() + Number(seconds) * 1000);
        appDispatch(toast.error(tr(failure.message, failure.coded)));
        throw error;
      }
    },
  });
  // Once a code was sent, a refusal is told by the toast, not under the id.
  const idAlert = state.bdr ? null : alert;

  return (
    <StepSection number={1} title={t('domainRegistration.steps.bdr')} done={verified}>
      <Stack spacing={2}>
        <FormProvider {...form}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <RhfTextField
              id="bdr-id"
              name="bdr_id"
              size="medium"
              label={t('domainRegistration.bdr.id')}
              clean={(raw) => raw.toLowerCase()}
              onValueChange={(value) => {
                setAlert(null);
                dispatch({ type: 'bdrIdChanged', value });
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !state.bdr) void submit();
              }}
              error={Boolean(idAlert)}
              helperText={idAlert ?? t('domainRegistration.bdr.idHelp')}
              autoComplete="off"
              slotProps={{ htmlInput: { spellCheck: false, maxLength: 40 } }}
              sx={{ flex: 1, width: '100%' }}
            />
            <Button
              variant="contained"
              onClick={() => void submit()}
              loading={form.formState.isSubmitting}
              disabled={verified || (Boolean(state.bdr) && wait > 0)}
              sx={{ mt: { sm: 1 }, minWidth: 160, flexShrink: 0 }}
            >
              {!state.bdr || verified
                ? t('domainRegistration.bdr.sendOtp')
                : wait > 0
                  ? t('domainRegistration.bdr.resendIn', { count: wait })
                  : t('domainRegistration.bdr.resendOtp')}
            </Button>
          </Stack>
        </FormProvider>

        {state.bdr && (
          <>
            {state.grant && (
              <TextField
                id="bdr-name"
                label={t('domainRegistration.bdr.name')}
                value={state.grant.bdrName}
                slotProps={{ input: { readOnly: true } }}
              />
            )}
            {!verified && (
              <Alert severity="info">
                {t('domainRegistration.bdr.sentTo')}
                {state.bdr.devMailViewer && (
                  <>
                    {' '}
                    {t('domainRegistration.bdr.devHint')}{' '}
                    <Link href="/dev/mail" target="_blank" rel="noopener">
                      /dev/mail
                    </Link>
                  </>
                )}
              </Alert>
            )}
            {verified ? (
              <Alert severity="success">
                {t('domainRegistration.bdr.verified', { name: state.grant?.bdrName })}
              </Alert>
            ) : (
              <OtpForm key={sent} state={state} dispatch={dispatch} />
            )}
          </>
        )}
      </Stack>
    </StepSection>
  );
}

/** The code mailed to the BDR, verified with the id it was sent for. */
function OtpForm({ state, dispatch }: Props) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const appDispatch = useAppDispatch();
  const [verifyOtp] = useVerifyOtpMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: verifyOtpBodySchema,
    defaultValues: { otp: state.otp },
    toInput: ({ otp }: { otp: string }) => ({ bdr_id: state.bdrId, otp }),
    fallback: BDR_MESSAGES.verifyFailed.text,
    send: async (body) => {
      try {
        const answer = await verifyOtp(body).unwrap();
        dispatch({
          type: 'verified',
          token: answer.data.registration_token,
          bdrName: answer.data.bdr_name,
          expiresAt: answer.data.expires_at,
        });
        appDispatch(toast.success(tr(answer.message ?? BDR_MESSAGES.otpVerified)));
      } catch (error) {
        const failure = failureOf(error, BDR_MESSAGES.verifyFailed);
        const detail =
          failure.errors.otp && failure.errors.otp !== failure.message
            ? ` (${tr(failure.errors.otp, failure.codes.otp)})`
            : '';
        appDispatch(toast.error(`${tr(failure.message, failure.coded)}${detail}`));
        throw error;
      }
    },
  });
  return (
    <FormProvider {...form}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <RhfTextField
          id="otp"
          name="otp"
          size="medium"
          label={t('domainRegistration.bdr.otp')}
          clean={(raw) => raw.replace(/\D/g, '').slice(0, OTP_LENGTH)}
          onValueChange={(value) => dispatch({ type: 'otpChanged', value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit();
          }}
          helperText={t('domainRegistration.bdr.otpHelp')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH } }}
          sx={{ flex: 1, width: '100%' }}
        />
        <Button
          variant="contained"
          onClick={() => void submit()}
          loading={form.formState.isSubmitting}
          sx={{ mt: { sm: 1 }, minWidth: 160, flexShrink: 0 }}
        >
          {t('domainRegistration.bdr.verify')}
        </Button>
      </Stack>
      <FormAlert text={alert} />
    </FormProvider>
  );
}
