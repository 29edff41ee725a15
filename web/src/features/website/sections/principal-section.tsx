import Person from '@mui/icons-material/Person';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import type { WebsiteContentInput } from '@schooliko/common/website';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { RhfTextField } from '../../forms/form-fields';
import { Section } from './section';

/** Principal details; 'Are you the Principal?' fills name, email and phone from the signed-in user. */
export function PrincipalSection() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.auth.user);
  const { control, setValue, clearErrors } = useFormContext<WebsiteContentInput>();

  const fill = (self: boolean) => {
    const values =
      self && user
        ? { name: user.full_name, email: user.email, phone: user.mobile }
        : { name: '', email: '', phone: '' };
    for (const [key, value] of Object.entries(values)) {
      setValue(`principal.${key as 'name' | 'email' | 'phone'}`, value, { shouldDirty: true });
    }
    clearErrors(['principal.name', 'principal.email', 'principal.phone']);
  };

  return (
    <Section
      id="principal"
      icon={Person}
      title={t('website.sections.principal')}
      hint={t('website.sections.principalHint')}
    >
      <Controller
        name="principal.is_self"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mb: 1.5 }}
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(e) => {
                  field.onChange(e.target.checked);
                  fill(e.target.checked);
                }}
              />
            }
            label={t('website.principal.isSelf')}
          />
        )}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfTextField<WebsiteContentInput> name="principal.name" label={t('website.principal.name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfTextField<WebsiteContentInput>
            name="principal.qualification"
            label={t('website.principal.qualification')}
            placeholder="M.Sc., B.Ed."
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfTextField<WebsiteContentInput>
            name="principal.email"
            label={t('website.principal.email')}
            type="email"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfTextField<WebsiteContentInput>
            name="principal.phone"
            label={t('website.principal.phone')}
            type="tel"
          />
        </Grid>
        <Grid size={12}>
          <RhfTextField<WebsiteContentInput>
            name="principal.message"
            label={t('website.principal.message')}
            multiline
            minRows={3}
            helperText={t('website.principal.messageHint')}
          />
        </Grid>
      </Grid>
    </Section>
  );
}
