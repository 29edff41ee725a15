import ArrowForward from '@mui/icons-material/ArrowForward';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import FormatQuote from '@mui/icons-material/FormatQuote';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '../academics';
import { useBootShellDone } from '../branding';
import { usePublicEventsQuery } from './public-site.api';
import { Block, FacilitiesGrid, SchoolFacts, StatsStrip } from './site-parts';
import { usePageMeta, useSite } from './use-site';

/** /homepage and /home: the institute's front page. */
export default function SiteHomePage() {
  const { t } = useTranslation();
  const { site, branding, query } = useSite();
  const banner = site.design.banner_url || branding.cover_image_url;
  const logo = site.design.logo_url || branding.logo_url;
  useBootShellDone();
  usePageMeta(
    site.tagline ? `${site.institute_name} — ${site.tagline}` : site.institute_name,
    site.description || site.tagline || t('publicSite.home.metaFallback', { name: site.institute_name }),
  );

  return (
    <>
      <Box
        sx={{
          color: 'common.white',
          bgcolor: 'primary.dark',
          backgroundImage: banner
            ? `linear-gradient(90deg, rgba(0,0,0,.72), rgba(0,0,0,.35)), url("${banner}")`
            : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          py: { xs: 8, md: 14 },
        }}
      >
        <Container maxWidth="lg">
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 4, alignItems: { md: 'center' } }}>
            {logo && (
              <Box
                component="img"
                src={logo}
                alt={t('publicSite.logoAlt', { name: site.institute_name })}
                sx={{
                  width: { xs: 96, md: 136 },
                  height: { xs: 96, md: 136 },
                  borderRadius: '50%',
                  bgcolor: 'common.white',
                  objectFit: 'contain',
                  p: 0.75,
                  boxShadow: 4,
                }}
              />
            )}
            <Box sx={{ maxWidth: 760 }}>
              <Typography variant="overline" sx={{ letterSpacing: 2, opacity: 0.9 }}>
                {t('publicSite.home.welcome')}
              </Typography>
              <Typography
                component="h1"
                variant="h2"
                sx={{ fontWeight: 800, fontSize: { xs: 32, md: 52 }, lineHeight: 1.1 }}
              >
                {site.institute_name}
              </Typography>
              {site.tagline && (
                <Typography sx={{ mt: 1.5, fontSize: { xs: 18, md: 22 }, opacity: 0.95 }}>
                  {site.tagline}
                </Typography>
              )}
              <Stack direction="row" sx={{ gap: 1.5, mt: 4, flexWrap: 'wrap' }}>
                <Button
                  component={RouterLink}
                  to={`/admissions${query}`}
                  variant="contained"
                  color="secondary"
                  size="large"
                  endIcon={<ArrowForward />}
                >
                  {t('publicSite.home.admissionsCta')}
                </Button>
                <Button
                  component={RouterLink}
                  to={`/contact${query}`}
                  variant="outlined"
                  size="large"
                  sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,.7)' }}
                >
                  {t('publicSite.home.contactCta')}
                </Button>
              </Stack>
            </Box>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg">
        <Box sx={{ mt: { xs: -4, md: -6 } }}>
          <StatsStrip site={site} />
        </Box>

        <Grid container spacing={4} sx={{ mt: 2 }}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Block id="welcome" title={t('publicSite.home.aboutTitle', { name: site.institute_name })}>
              <Typography sx={{ whiteSpace: 'pre-line', fontSize: 17, lineHeight: 1.7 }}>
                {site.description || t('publicSite.home.noDescription')}
              </Typography>
              <Button component={RouterLink} to={`/about${query}`} endIcon={<ArrowForward />} sx={{ mt: 2 }}>
                {t('publicSite.home.readMore')}
              </Button>
            </Block>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Box sx={{ mt: { md: 6 } }}>
              <SchoolFacts site={site} />
            </Box>
          </Grid>
        </Grid>

        {site.principal.message && (
          <Paper
            variant="outlined"
            sx={{
              mt: 6,
              p: { xs: 3, md: 4 },
              borderLeft: 6,
              borderLeftColor: 'primary.main',
              bgcolor: 'background.paper',
            }}
          >
            <FormatQuote color="primary" sx={{ fontSize: 40 }} />
            <Typography sx={{ fontSize: 18, fontStyle: 'italic', whiteSpace: 'pre-line' }}>
              {site.principal.message}
            </Typography>
            {site.principal.name && (
              <Typography sx={{ mt: 2, fontWeight: 700 }}>
                {site.principal.name}
                <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                  {' '}
                  — {t('publicSite.about.principal')}
                </Typography>
              </Typography>
            )}
          </Paper>
        )}

        <SiteEvents />

        {site.facilities.length > 0 && (
          <Block id="facilities" title={t('publicSite.facilities')}>
            <FacilitiesGrid facilities={site.facilities} />
          </Block>
        )}

        {site.achievements.length > 0 && (
          <Block id="achievements" title={t('publicSite.achievements')}>
            <Grid container spacing={2}>
              {site.achievements.slice(0, 6).map((a) => (
                <Grid key={a} size={{ xs: 12, md: 6 }}>
                  <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
                    <EmojiEvents sx={{ color: 'warning.main', mt: 0.25 }} />
                    <Typography>{a}</Typography>
                  </Stack>
                </Grid>
              ))}
            </Grid>
          </Block>
        )}

        <Paper
          sx={{
            mt: 8,
            p: { xs: 3, md: 5 },
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
          }}
        >
          <Box sx={{ flexGrow: 1 }}>
            <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
              {t('publicSite.home.ctaTitle')}
            </Typography>
            <Typography sx={{ opacity: 0.9 }}>{t('publicSite.home.ctaText')}</Typography>
          </Box>
          <Button
            component={RouterLink}
            to={`/admissions${query}`}
            variant="contained"
            size="large"
            sx={{ bgcolor: 'common.white', color: 'primary.main', '&:hover': { bgcolor: 'grey.100' } }}
          >
            {t('publicSite.nav.admissions')}
          </Button>
        </Paper>
      </Container>
    </>
  );
}

/** The Events block: the calendar's upcoming public events, shown only when the school opts in (and has some). */
function SiteEvents() {
  const { t, i18n } = useTranslation();
  const { data: events = [] } = usePublicEventsQuery();
  if (events.length === 0) return null;
  const when = (e: { starts_on: string; ends_on: string }) =>
    e.starts_on === e.ends_on
      ? formatDay(e.starts_on, i18n.language, true)
      : `${formatDay(e.starts_on, i18n.language)} – ${formatDay(e.ends_on, i18n.language, true)}`;
  return (
    <Block id="events" title={t('publicSite.events')}>
      <Grid container spacing={2}>
        {events.map((e) => (
          <Grid key={e.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
              <Typography variant="overline" color="primary">
                {when(e)}
              </Typography>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {e.title}
              </Typography>
              {e.description && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {e.description}
                </Typography>
              )}
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Block>
  );
}
