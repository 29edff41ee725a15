import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BDR_MESSAGES, bdrIdSchema, OTP_RESEND_SECONDS, otpSchema } from '@schooliko/common/bdrs';
import { type Dispatch, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useMessageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
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
  const [sendOtp, sending] = useSendOtpMutation();
  const [verifyOtp, verifying] = useVerifyOtpMutation();
  const [idError, setIdError] = useState<string | null>(null);
  const [otpError, setOtpError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const wait = useCountdown(resendAt);
  const verified = state.grant !== null;

  const send = async () => {
    const parsed = bdrIdSchema.safeParse(state.bdrId);
    if (!parsed.success) {
      setIdError(parsed.error.issues[0]?.message ?? BDR_MESSAGES.bdrIdInvalid.text);
      return;
    }
    setIdError(null);
    setOtpError(null);
    try {
      const answer = await sendOtp(parsed.data).unwrap();
      dispatch({ type: 'otpSent', bdr: { devMailViewer: answer.data.dev_mail_viewer } });
      setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000);
      appDispatch(toast.success(tr(answer.message ?? BDR_MESSAGES.otpSent)));
    } catch (error) {
      const failure = failureOf(error, BDR_MESSAGES.sendFailed);
      // A 429 says how long to wait: the button counts it down.
      const seconds = /(\d+) seconds?/.exec(failure.message)?.[1];
      if ((error as { status?: unknown }).status === 429 && seconds)
        setResendAt(Date.now() + Number(seconds) * 1000);
      setIdError(failure.errors.bdr_id ?? (state.bdr ? null : failure.message));
      appDispatch(toast.error(tr(failure.message, failure.coded)));
    }
  };

  const verify = async () => {
    const parsed = otpSchema.safeParse(state.otp);
    if (!parsed.success) {
      setOtpError(parsed.error.issues[0]?.message ?? BDR_MESSAGES.otpRequired.text);
      return;
    }
    setOtpError(null);
    try {
      const answer = await verifyOtp({ bdr_id: state.bdrId, otp: parsed.data }).unwrap();
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
        failure.errors.otp && failure.errors.otp !== failure.message ? ` (${tr(failure.errors.otp)})` : '';
      setOtpError(`${tr(failure.message, failure.coded)}${detail}`);
      appDispatch(toast.error(`${tr(failure.message, failure.coded)}${detail}`));
    }
  };

  return (
    <StepSection number={1} title={t('domainRegistration.steps.bdr')} done={verified}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            id="bdr-id"
            label={t('domainRegistration.bdr.id')}
            value={state.bdrId}
            onChange={(event) => {
              setIdError(null);
              setOtpError(null);
              dispatch({ type: 'bdrIdChanged', value: event.target.value });
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !state.bdr) void send();
            }}
            error={Boolean(idError)}
            helperText={idError ? tr(idError) : t('domainRegistration.bdr.idHelp')}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, maxLength: 40 } }}
            sx={{ flex: 1, width: '100%' }}
          />
          <Button
            variant="contained"
            onClick={() => void send()}
            loading={sending.isLoading}
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
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  id="otp"
                  label={t('domainRegistration.bdr.otp')}
                  value={state.otp}
                  onChange={(event) => {
                    setOtpError(null);
                    dispatch({ type: 'otpChanged', value: event.target.value });
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') void verify();
                  }}
                  error={Boolean(otpError)}
                  helperText={otpError ?? t('domainRegistration.bdr.otpHelp')}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                  sx={{ flex: 1, width: '100%' }}
                />
                <Button
                  variant="contained"
                  onClick={() => void verify()}
                  loading={verifying.isLoading}
                  sx={{ mt: { sm: 1 }, minWidth: 160, flexShrink: 0 }}
                >
                  {t('domainRegistration.bdr.verify')}
                </Button>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </StepSection>
  );
}
