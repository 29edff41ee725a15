import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { checkDomainQuerySchema, DOMAIN_MESSAGES } from '@schooliko/common/domains';
import { type Dispatch, useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { useCheckDomainMutation } from './domain-registration.api';
import type { RegistrationAction, RegistrationState } from './registration.state';
import { StepSection } from './step-section';

type Props = { state: RegistrationState; dispatch: Dispatch<RegistrationAction>; allowLocalhost: boolean };

/** Step 2: the domain, checked on the server for availability. */
export function DomainStep({ state, dispatch, allowLocalhost }: Props) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const appDispatch = useAppDispatch();
  const [checkDomain] = useCheckDomainMutation();
  const verified = state.checkedDomain !== null && state.checkedDomain === state.domain;
  const { form, submit, alert, setAlert } = useSchemaForm({
    schema: useMemo(() => checkDomainQuerySchema(allowLocalhost), [allowLocalhost]),
    defaultValues: { domain_name: state.domain },
    fallback: DOMAIN_MESSAGES.checkAvailabilityFailed.text,
    send: async ({ domain_name: domain }) => {
      const answer = await checkDomain(domain)
        .unwrap()
        .catch((failed: unknown) => {
          const failure = failureOf(failed, DOMAIN_MESSAGES.checkAvailabilityFailed);
          appDispatch(toast.error(tr(failure.message, failure.coded)));
          throw failed;
        });
      if (answer.exists) {
        const message = answer.message || DOMAIN_MESSAGES.domainExists.text;
        form.setError('domain_name', { type: 'server', message });
        appDispatch(toast.error(tr(message)));
        return;
      }
      if (domain !== state.domain) dispatch({ type: 'domainChanged', value: domain });
      dispatch({ type: 'domainChecked', domain });
      appDispatch(toast.success(t('domainRegistration.domain.available', { domain })));
    },
  });

  return (
    <StepSection number={2} title={t('domainRegistration.steps.domain')} done={verified}>
      <Stack spacing={2}>
        <FormProvider {...form}>
          <Stack
            component="form"
            noValidate
            onSubmit={submit}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: 'flex-start' }}
          >
            <RhfTextField
              id="domain-name"
              name="domain_name"
              size="medium"
              label={t('domainRegistration.domain.name')}
              clean={(raw) => raw.trim().toLowerCase()}
              onValueChange={(value) => {
                setAlert(null);
                dispatch({ type: 'domainChanged', value });
              }}
              error={Boolean(alert)}
              helperText={
                alert ??
                (allowLocalhost
                  ? t('domainRegistration.domain.devHelp')
                  : t('domainRegistration.domain.help'))
              }
              autoComplete="off"
              slotProps={{ htmlInput: { spellCheck: false, maxLength: 253 } }}
              sx={{ flex: 1, width: '100%' }}
            />
            <Button
              type="submit"
              variant="contained"
              loading={form.formState.isSubmitting}
              disabled={verified}
              sx={{ mt: { sm: 1 }, minWidth: 200, flexShrink: 0 }}
            >
              {t('domainRegistration.domain.check')}
            </Button>
          </Stack>
        </FormProvider>
        {verified && (
          <Alert severity="success">
            {t('domainRegistration.domain.available', { domain: state.domain })}
          </Alert>
        )}
      </Stack>
    </StepSection>
  );
}
