import Login from '@mui/icons-material/Login';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Branding } from '@schooliko/common/institutes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBootShellDone } from '../branding';
import { usePageMeta } from './use-site';

/** Before the first Create: the institute's branding and a clear note, never an empty page. */
export function NotPublished({ branding }: { branding: Branding }) {
  const { t } = useTranslation();
  useBootShellDone();
  usePageMeta(branding.institute_name, t('publicSite.notPublished.text', { name: branding.institute_name }));
  return (
    <Box
      sx={{
        color: 'common.white',
        bgcolor: 'primary.main',
        backgroundImage: branding.cover_image_url
          ? `linear-gradient(rgba(0,0,0,.55), rgba(0,0,0,.7)), url("${branding.cover_image_url}")`
          : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        py: { xs: 10, md: 14 },
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        {branding.logo_url && (
          <Box
            component="img"
            src={branding.logo_url}
            alt={t('publicSite.logoAlt', { name: branding.institute_name })}
            sx={{
              width: 112,
              height: 112,
              borderRadius: '50%',
              bgcolor: 'common.white',
              objectFit: 'contain',
              p: 0.5,
            }}
          />
        )}
        <Typography component="h1" variant="h3" sx={{ fontWeight: 700, mt: 3, fontSize: { xs: 30, md: 44 } }}>
          {branding.institute_name}
        </Typography>
        {branding.slogan && (
          <Typography sx={{ mt: 1, opacity: 0.9, fontSize: 18 }}>{branding.slogan}</Typography>
        )}
        <Typography sx={{ mt: 4, maxWidth: 560, mx: 'auto' }}>
          {t('publicSite.notPublished.text', { name: branding.institute_name })}
        </Typography>
        <Button
          component={RouterLink}
          to="/signin"
          variant="contained"
          color="secondary"
          startIcon={<Login />}
          sx={{ mt: 3 }}
        >
          {t('publicSite.notPublished.signIn')}
        </Button>
      </Container>
    </Box>
  );
}
