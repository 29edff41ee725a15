import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { INSTITUTE_MESSAGES } from '@schooliko/common/institutes';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../kit/forms/messages';
import { FOOTER_HEIGHT, Footer } from '../../layout/footer';
import { isBootShellShown, useBootShellDone, useBranding } from '../branding';
import { LanguageSelect } from './language-select';
import { TypedTitle } from './typed-title';

type Props = { heading: string; intro?: string; wide?: boolean; children: ReactNode };

/**
 * Spec 2.4: the split screen of every auth page. One side is the institute (logo, typed name,
 * slogan, and a warning when its branding could not be loaded); the other holds the form card.
 * Spec 2.2: the app's footer below, at full width.
 */
export function AuthLayout({ heading, intro, wide = false, children }: Props) {
  const { t } = useTranslation();
  const { branding, loading, failed } = useBranding();
  const tr = useMessageText();
  // The server's static copy of this hero showed the whole name: the title goes on from there.
  const [afterBootShell] = useState(isBootShellShown);
  useBootShellDone();

  useEffect(() => {
    document.title = `${heading} · ${branding.institute_name}`;
  }, [heading, branding.institute_name]);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
        bgcolor: 'background.default',
        pb: `${FOOTER_HEIGHT}px`,
      }}
    >
      <Box
        component="section"
        sx={{
          color: 'common.white',
          bgcolor: 'primary.main',
          backgroundImage: branding.cover_image_url
            ? `linear-gradient(rgba(0,40,52,.78), rgba(0,40,52,.9)), url("${branding.cover_image_url}")`
            : 'linear-gradient(160deg, #003c4f 0%, #00566f 100%)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          gap: 2,
          px: { xs: 3, md: 6 },
          py: { xs: 4, md: 8 },
        }}
      >
        {loading ? (
          <Skeleton variant="circular" width={120} height={120} sx={{ bgcolor: 'rgba(255,255,255,.2)' }} />
        ) : (
          <Box
            component="img"
            src={branding.logo_url ?? undefined}
            alt={t('auth.logoAlt', { name: branding.institute_name })}
            sx={{
              width: { xs: 88, md: 120 },
              height: { xs: 88, md: 120 },
              objectFit: 'contain',
              borderRadius: '50%',
              bgcolor: 'common.white',
              p: 0.75,
              boxShadow: 3,
            }}
          />
        )}
        <Box sx={{ maxWidth: 520, width: '100%' }}>
          {loading ? (
            <Skeleton sx={{ mx: 'auto', maxWidth: 360, height: 48, bgcolor: 'rgba(255,255,255,.2)' }} />
          ) : (
            <TypedTitle
              key={branding.institute_name}
              text={branding.institute_name}
              startTyped={afterBootShell}
            />
          )}
        </Box>
        {branding.slogan && (
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9, maxWidth: 480 }}>
            {branding.slogan}
          </Typography>
        )}
        {failed && (
          <Alert severity="warning" variant="filled" sx={{ mt: 1 }}>
            {tr(INSTITUTE_MESSAGES.defaultData)}
          </Alert>
        )}
      </Box>

      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2, sm: 4 },
          py: { xs: 3, md: 6 },
          position: 'relative',
        }}
      >
        <Box
          sx={{
            position: { md: 'absolute' },
            top: 16,
            right: 16,
            alignSelf: 'flex-end',
            mb: { xs: 2, md: 0 },
          }}
        >
          <LanguageSelect />
        </Box>
        <Paper
          variant="outlined"
          sx={{ width: '100%', maxWidth: wide ? 560 : 440, p: { xs: 3, sm: 4 }, boxShadow: 2 }}
        >
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {heading}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {intro}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Paper>
      </Box>
      <Footer name={branding.institute_name} />
    </Box>
  );
}
