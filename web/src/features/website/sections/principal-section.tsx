import Person from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import type { WebsiteContentInput } from '@schooliko/common/website';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { RhfTextField } from '../../../kit/forms/form-fields';
import { Section } from './section';

type Field = 'name' | 'email' | 'phone';

/**
 * Principal details, all of them public on the About page. 'Are you the Principal?' fills the
 * name only: the signed-in person's email and mobile are account data, copied into the public
 * fields only by the explicit button under the note that says they will be public.
 */
export function PrincipalSection() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.auth.user);
  const { control, setValue, clearErrors, getValues } = useFormContext<WebsiteContentInput>();
  const isSelf = useWatch({ control, name: 'principal.is_self' });

  const set = (values: Partial<Record<Field, string>>) => {
    for (const [key, value] of Object.entries(values))
      setValue(`principal.${key as Field}`, value, { shouldDirty: true });
    clearErrors(Object.keys(values).map((key) => `principal.${key as Field}` as const));
  };
  const fill = (self: boolean) => {
    if (self && user) set({ name: user.full_name });
    else if (!self && user && getValues('principal.name') === user.full_name) set({ name: '' });
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
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('website.principal.publicNote')}
        {isSelf && user && (user.email || user.mobile) && (
          <div>
            <Button
              variant="outlined"
              color="inherit"
              size="small"
              sx={{ mt: 1 }}
              onClick={() => set({ email: user.email ?? '', phone: user.mobile ?? '' })}
            >
              {t('website.principal.useMine')}
            </Button>
          </div>
        )}
      </Alert>
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
