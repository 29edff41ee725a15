import Palette from '@mui/icons-material/Palette';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_THEME_COLOR, type WebsiteContentInput } from '@schooliko/common/website';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../../kit/forms/form-fields';
import { Section } from './section';

const HEX = /^#[0-9a-fA-F]{6}$/;

function ImagePreview({ url, alt, wide }: { url: string; alt: string; wide?: boolean }) {
  const { t } = useTranslation();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const usable = url && (url.startsWith('/') || /^https?:\/\//.test(url));
  return (
    <Box
      sx={{
        mt: 1,
        height: wide ? 120 : 96,
        width: wide ? '100%' : 96,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {usable && failedUrl !== url ? (
        <Box
          component="img"
          src={url}
          alt={alt}
          onError={() => setFailedUrl(url)}
          sx={{ width: '100%', height: '100%', objectFit: wide ? 'cover' : 'contain' }}
        />
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ p: 1, textAlign: 'center' }}>
          {usable ? t('website.design.imageFailed') : t('website.design.noImage')}
        </Typography>
      )}
    </Box>
  );
}

/** Theme colour, logo and banner, with previews. */
export function DesignSection() {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<WebsiteContentInput>();
  const [logo, banner, colour] = useWatch({
    control,
    name: ['design.logo_url', 'design.banner_url', 'design.theme_color'],
  });

  return (
    <Section
      id="design"
      icon={Palette}
      title={t('website.sections.design')}
      hint={t('website.sections.designHint')}
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
            <Controller
              name="design.theme_color"
              control={control}
              render={({ field }) => (
                <Box
                  component="input"
                  type="color"
                  aria-label={t('website.design.pickColour')}
                  value={HEX.test(field.value ?? '') ? field.value : DEFAULT_THEME_COLOR}
                  onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
                    field.onChange(e.target.value);
                    clearErrors('design.theme_color');
                  }}
                  sx={{
                    width: 48,
                    height: 40,
                    p: 0.25,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                    cursor: 'pointer',
                  }}
                />
              )}
            />
            <RhfTextField<WebsiteContentInput>
              name="design.theme_color"
              label={t('website.design.themeColour')}
            />
          </Stack>
          <Box
            sx={{
              mt: 2,
              borderRadius: 1,
              p: 1.5,
              color: 'common.white',
              bgcolor: HEX.test(colour ?? '') ? colour : DEFAULT_THEME_COLOR,
              fontWeight: 600,
            }}
          >
            {t('website.design.colourSample')}
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <RhfTextField<WebsiteContentInput>
            name="design.logo_url"
            label={t('website.design.logoUrl')}
            placeholder="https://"
          />
          <ImagePreview url={logo ?? ''} alt={t('website.design.logoPreview')} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <RhfTextField<WebsiteContentInput>
            name="design.banner_url"
            label={t('website.design.bannerUrl')}
            placeholder="https://"
          />
          <ImagePreview url={banner ?? ''} alt={t('website.design.bannerPreview')} wide />
        </Grid>
      </Grid>
    </Section>
  );
}
