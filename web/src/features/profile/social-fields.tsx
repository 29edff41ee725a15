import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import Telegram from '@mui/icons-material/Telegram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import type SvgIcon from '@mui/material/SvgIcon';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@schooliko/common/profile';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';

export const SOCIAL_ICONS: Record<SocialNetwork, typeof SvgIcon> = {
  facebook: Facebook,
  twitter: X,
  instagram: Instagram,
  linkedin: LinkedIn,
  youtube: YouTube,
  whatsapp: WhatsApp,
  telegram: Telegram,
};

/** The seven social links of spec 2.10, each a URL or a handle (a number for WhatsApp). */
export function SocialFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {SOCIAL_NETWORKS.map((network) => {
        const Icon = SOCIAL_ICONS[network];
        return (
          <Grid key={network} size={{ xs: 12, sm: 6, md: 4 }}>
            <RhfTextField<FieldValues>
              name={`${prefix}socialMedia.${network}`}
              label={t(`profile.social.${network}`)}
              placeholder={network === 'whatsapp' ? '98765 43210' : t('profile.social.placeholder')}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Icon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
