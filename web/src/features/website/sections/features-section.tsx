import ToggleOn from '@mui/icons-material/ToggleOn';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { WebsiteContentInput } from '@schooliko/common/website';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Section } from './section';

const FEATURES = ['online_admission', 'fee_payment', 'parent_portal', 'teacher_portal'] as const;

/** Feature toggles: what the public site offers visitors. */
export function FeaturesSection() {
  const { t } = useTranslation();
  const { control } = useFormContext<WebsiteContentInput>();
  return (
    <Section
      id="features"
      icon={ToggleOn}
      title={t('website.sections.features')}
      hint={t('website.sections.featuresHint')}
    >
      <Grid container spacing={2}>
        {FEATURES.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <Controller
              name={`features.${key}`}
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ alignItems: 'flex-start', m: 0 }}
                  control={
                    <Switch
                      checked={Boolean(field.value)}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                  label={
                    <span>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 600, mt: 0.75 }}>
                        {t(`website.features.${key}`)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t(`website.features.${key}Hint`)}
                      </Typography>
                    </span>
                  }
                />
              )}
            />
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
