import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import {
  DOMAIN_PROVIDERS,
  type InstituteInfoInput,
  instituteInfoSchema,
  subdomainLabel,
} from '@schooliko/common/domains';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { MAX_FILE_MB } from '@schooliko/common/uploads';
import { type Dispatch, useEffect } from 'react';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { ImagePicker } from './image-picker';
import { emptyInfo, type RegistrationAction, type RegistrationState } from './registration.state';
import { StepSection } from './step-section';

type Props = {
  state: RegistrationState;
  dispatch: Dispatch<RegistrationAction>;
  platformDomain: string;
  uploading: boolean;
  onChooseLogo: (file: File) => void;
  onUploadLogo: () => void;
};

/** Step 3: the institute's details (spec 3.10) and its logo, uploaded with progress. */
export function InstituteStep({
  state,
  dispatch,
  platformDomain,
  uploading,
  onChooseLogo,
  onUploadLogo,
}: Props) {
  const { t } = useTranslation();
  const { form, submit } = useSchemaForm<InstituteInfoInput, typeof instituteInfoSchema>({
    schema: instituteInfoSchema,
    defaultValues: state.info,
    fallback: '',
    send: async () => onUploadLogo(),
  });
  const { control, watch } = form;
  // The wizard's state follows the form, so Register can run spec 5.9's checks on it.
  useEffect(() => {
    const subscription = watch((values) =>
      dispatch({ type: 'infoChanged', info: { ...emptyInfo, ...values } as InstituteInfoInput }),
    );
    return () => subscription.unsubscribe();
  }, [watch, dispatch]);
  const subdomainEnabled = useWatch({ control, name: 'subdomain_enabled' });

  const field = (name: keyof InstituteInfoInput) => ({
    name,
    id: `institute-${name}`,
    size: 'medium' as const,
  });
  const subdomain = `${subdomainLabel(state.domain)}.${platformDomain}`;

  return (
    <StepSection number={3} title={t('domainRegistration.steps.institute')} done={state.logo.url !== null}>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          <RhfTextField<InstituteInfoInput>
            {...field('institute_name')}
            label={t('domainRegistration.institute.name')}
            required
          />
          <RhfTextField<InstituteInfoInput>
            {...field('institute_contact_person')}
            label={t('domainRegistration.institute.contactPerson')}
            required
          />
          <RhfTextField<InstituteInfoInput>
            {...field('domain_purchased_from')}
            id="institute-provider"
            select
            required
            label={t('domainRegistration.institute.provider')}
          >
            {DOMAIN_PROVIDERS.map((provider) => (
              <MenuItem key={provider} value={provider}>
                {provider === 'Other' ? t('domainRegistration.institute.other') : provider}
              </MenuItem>
            ))}
          </RhfTextField>
          <RhfDateField<InstituteInfoInput>
            {...field('purchase_date')}
            required
            label={t('domainRegistration.institute.purchaseDate')}
            max={todayInIndia()}
          />
          <RhfTextField<InstituteInfoInput>
            {...field('slogan')}
            label={t('domainRegistration.institute.slogan')}
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <Controller
              control={control}
              name="subdomain_enabled"
              render={({ field: toggle }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={Boolean(toggle.value)}
                      onChange={(event) => toggle.onChange(event.target.checked)}
                    />
                  }
                  label={t('domainRegistration.institute.subdomain')}
                />
              )}
            />
            {subdomainEnabled && (
              <FormHelperText sx={{ ml: 6.5, mt: -0.5 }}>
                {t('domainRegistration.institute.subdomainHelp', { subdomain })}
              </FormHelperText>
            )}
          </Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ gridColumn: { md: '1 / -1' }, alignItems: { sm: 'flex-end' } }}
          >
            <Box sx={{ width: { xs: '100%', sm: 220 } }}>
              <ImagePicker
                label={t('domainRegistration.institute.logo')}
                slot={state.logo}
                maxMb={MAX_FILE_MB.instituteLogo}
                disabled={uploading}
                onChoose={onChooseLogo}
              />
            </Box>
            <Button
              type="submit"
              variant="contained"
              loading={uploading}
              disabled={state.logo.url !== null}
              sx={{ mb: { sm: 3.5 }, minWidth: 160 }}
            >
              {t('domainRegistration.institute.uploadLogo')}
            </Button>
          </Stack>
        </Box>
      </FormProvider>
    </StepSection>
  );
}
