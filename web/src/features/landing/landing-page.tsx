import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRANDING_ROLES, type BrandingRole, type RoleImage } from '@schooliko/common/institutes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Footer } from '../../layout/footer';
import { useBranding } from '../branding';

/** The picture of a role an institute has not uploaded its own for (scripts/role-images.mjs). */
export const defaultRoleImage = (role: BrandingRole) => `/images/roles/default/${role}.jpg`;

/** Each role's picture: the institute's own, else the default one. */
function RoleCard({ role, images, label }: { role: BrandingRole; images: RoleImage[]; label: string }) {
  const own = images.find((image) => image.role === role)?.image_url;
  return (
    <Box sx={{ borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper', boxShadow: 1 }}>
      <Box
        component="img"
        src={own || defaultRoleImage(role)}
        alt=""
        sx={{ width: '100%', aspectRatio: '3 / 2', objectFit: 'cover', display: 'block' }}
      />
      <Typography sx={{ p: { xs: 1, md: 1.25 }, fontWeight: 600, textAlign: 'center' }}>{label}</Typography>
    </Box>
  );
}

/** On a laptop's short screen (1366x768) the hero is tighter, so the role cards are in the first view. */
const SHORT = '@media (min-width: 900px) and (max-height: 820px)';

/** `/`: the institute's own front door, in its branding, with the way in. */
export default function LandingPage() {
  const { t } = useTranslation();
  const { branding, loading, failed } = useBranding();

  useEffect(() => {
    document.title = branding.institute_name;
  }, [branding.institute_name]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Box
          sx={{
            position: 'relative',
            color: 'common.white',
            bgcolor: 'primary.main',
            backgroundImage: branding.cover_image_url
              ? `linear-gradient(rgba(0,40,52,.55), rgba(0,40,52,.75)), url("${branding.cover_image_url}")`
              : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            py: { xs: 6, md: 12 },
            [SHORT]: { py: 5 },
          }}
        >
          <Container maxWidth="md" sx={{ textAlign: 'center' }}>
            {loading ? (
              <Skeleton
                variant="circular"
                width={112}
                height={112}
                sx={{ mx: 'auto', bgcolor: 'rgba(255,255,255,.2)' }}
              />
            ) : (
              <Box
                component="img"
                src={branding.logo_url ?? undefined}
                alt={t('landing.logoAlt', { name: branding.institute_name })}
                sx={{
                  width: 112,
                  height: 112,
                  objectFit: 'contain',
                  borderRadius: '50%',
                  bgcolor: 'common.white',
                  p: 0.5,
                }}
              />
            )}
            <Typography variant="overline" component="p" sx={{ mt: 3, letterSpacing: 2, opacity: 0.85 }}>
              {t('landing.welcome')}
            </Typography>
            <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 30, md: 44 } }}>
              {loading ? (
                <Skeleton sx={{ mx: 'auto', maxWidth: 480, bgcolor: 'rgba(255,255,255,.2)' }} />
              ) : (
                branding.institute_name
              )}
            </Typography>
            {branding.slogan && (
              <Typography variant="h6" component="p" sx={{ mt: 1.5, fontWeight: 400, opacity: 0.9 }}>
                {branding.slogan}
              </Typography>
            )}
            <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
              <Button
                component={RouterLink}
                to="/signin"
                variant="contained"
                color="secondary"
                size="large"
                disabled={failed}
              >
                {t('common.signIn')}
              </Button>
              <Button
                component={RouterLink}
                to="/signup"
                variant="outlined"
                size="large"
                disabled={failed}
                sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,.7)' }}
              >
                {t('common.signUp')}
              </Button>
            </Stack>
          </Container>
        </Box>

        <Container maxWidth="lg" sx={{ py: 6, [SHORT]: { py: 3 } }}>
          {failed ? (
            <Alert severity="warning">{t('landing.unknownInstitute')}</Alert>
          ) : (
            <>
              <Typography variant="h5" component="h2" sx={{ fontWeight: 600, textAlign: 'center' }}>
                {t('landing.forEveryone')}
              </Typography>
              <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: 4 }}>
                {t('landing.tagline')}
              </Typography>
              <Box
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}
              >
                {BRANDING_ROLES.map((role) => (
                  <RoleCard
                    key={role}
                    role={role}
                    images={branding.role_images}
                    label={t(`landing.roles.${role}`)}
                  />
                ))}
              </Box>
            </>
          )}
        </Container>
      </Box>
      {/* In the flow after the cards, never over them (a fixed bar covered them at 768 px high). */}
      <Footer name={branding.institute_name} fixed={false} />
    </Box>
  );
}
