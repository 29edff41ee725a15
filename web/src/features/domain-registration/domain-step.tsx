import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DOMAIN_MESSAGES, registrableDomainSchema } from '@schooliko/common/domains';
import { type Dispatch, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useMessageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useCheckDomainMutation } from './domain-registration.api';
import type { RegistrationAction, RegistrationState } from './registration.state';
import { StepSection } from './step-section';

type Props = { state: RegistrationState; dispatch: Dispatch<RegistrationAction>; allowLocalhost: boolean };

/** Step 2: the domain, checked on the server for availability. */
export function DomainStep({ state, dispatch, allowLocalhost }: Props) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const appDispatch = useAppDispatch();
  const [checkDomain, checking] = useCheckDomainMutation();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => registrableDomainSchema(allowLocalhost), [allowLocalhost]);
  const verified = state.checkedDomain !== null && state.checkedDomain === state.domain;

  const check = async () => {
    const parsed = schema.safeParse(state.domain);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DOMAIN_MESSAGES.domainInvalid.text);
      return;
    }
    setError(null);
    try {
      const answer = await checkDomain(parsed.data).unwrap();
      if (answer.exists) {
        setError(answer.message || DOMAIN_MESSAGES.domainExists.text);
        appDispatch(toast.error(tr(answer.message || DOMAIN_MESSAGES.domainExists)));
        return;
      }
      if (parsed.data !== state.domain) dispatch({ type: 'domainChanged', value: parsed.data });
      dispatch({ type: 'domainChecked', domain: parsed.data });
      appDispatch(toast.success(t('domainRegistration.domain.available', { domain: parsed.data })));
    } catch (failed) {
      const failure = failureOf(failed, DOMAIN_MESSAGES.checkAvailabilityFailed);
      setError(failure.errors.domain_name ?? failure.message);
      appDispatch(toast.error(tr(failure.message, failure.coded)));
    }
  };

  return (
    <StepSection number={2} title={t('domainRegistration.steps.domain')} done={verified}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            id="domain-name"
            label={t('domainRegistration.domain.name')}
            value={state.domain}
            onChange={(event) => {
              setError(null);
              dispatch({ type: 'domainChanged', value: event.target.value });
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void check();
            }}
            error={Boolean(error)}
            helperText={
              error
                ? tr(error)
                : allowLocalhost
                  ? t('domainRegistration.domain.devHelp')
                  : t('domainRegistration.domain.help')
            }
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, maxLength: 253 } }}
            sx={{ flex: 1, width: '100%' }}
          />
          <Button
            variant="contained"
            onClick={() => void check()}
            loading={checking.isLoading}
            disabled={verified}
            sx={{ mt: { sm: 1 }, minWidth: 200, flexShrink: 0 }}
          >
            {t('domainRegistration.domain.check')}
          </Button>
        </Stack>
        {verified && (
          <Alert severity="success">
            {t('domainRegistration.domain.available', { domain: state.domain })}
          </Alert>
        )}
      </Stack>
    </StepSection>
  );
}
