import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Flag from '@mui/icons-material/Flag';
import Visibility from '@mui/icons-material/Visibility';
import Avatar from '@mui/material/Avatar';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Block, PageHero, SchoolFacts } from './site-parts';
import { usePageMeta, useSite } from './use-site';

function Statement({ icon: Icon, title, text }: { icon: typeof SvgIcon; title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }}>
        <Icon color="primary" />
        <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.7 }}>{text}</Typography>
    </Paper>
  );
}

const initials = (name: string) =>
  name
    .replace(/^(dr|mr|mrs|ms|prof)\.?\s+/i, '')
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** /about: description, vision, mission, the principal and achievements. */
export default function SiteAboutPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const title = t('publicSite.about.title', { name: site.institute_name });
  usePageMeta(
    `${t('publicSite.nav.about')} | ${site.institute_name}`,
    site.description || site.vision || title,
  );
  const p = site.principal;

  return (
    <>
      <PageHero title={title} subtitle={site.tagline} />
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Block id="about-us" title={t('publicSite.about.whoWeAre')}>
              <Typography sx={{ whiteSpace: 'pre-line', fontSize: 17, lineHeight: 1.7 }}>
                {site.description || t('publicSite.home.noDescription')}
              </Typography>
            </Block>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Block id="facts" title={t('publicSite.about.atAGlance')}>
              <SchoolFacts site={site} />
            </Block>
          </Grid>
        </Grid>

        {(site.vision || site.mission) && (
          <Grid container spacing={3} sx={{ mt: 3 }}>
            {site.vision && (
              <Grid size={{ xs: 12, md: site.mission ? 6 : 12 }}>
                <Statement icon={Visibility} title={t('publicSite.about.vision')} text={site.vision} />
              </Grid>
            )}
            {site.mission && (
              <Grid size={{ xs: 12, md: site.vision ? 6 : 12 }}>
                <Statement icon={Flag} title={t('publicSite.about.mission')} text={site.mission} />
              </Grid>
            )}
          </Grid>
        )}

        {p.name && (
          <Block id="principal" title={t('publicSite.about.principalTitle')}>
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 3 }}>
                <Avatar
                  sx={{ width: 88, height: 88, bgcolor: 'primary.main', fontSize: 32, fontWeight: 700 }}
                >
                  {initials(p.name)}
                </Avatar>
                <div>
                  <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                    {p.name}
                  </Typography>
                  <Typography color="text.secondary">
                    {[t('publicSite.about.principal'), p.qualification].filter(Boolean).join(' · ')}
                  </Typography>
                  {p.message && (
                    <Typography sx={{ mt: 2, whiteSpace: 'pre-line', fontStyle: 'italic' }}>
                      “{p.message}”
                    </Typography>
                  )}
                  <Stack direction="row" sx={{ gap: 2, mt: 1.5, flexWrap: 'wrap' }}>
                    {p.email && <Link href={`mailto:${p.email}`}>{p.email}</Link>}
                    {p.phone && <Link href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>{p.phone}</Link>}
                  </Stack>
                </div>
              </Stack>
            </Paper>
          </Block>
        )}

        {site.achievements.length > 0 && (
          <Block id="achievements" title={t('publicSite.achievements')}>
            <Stack sx={{ gap: 1.5 }}>
              {site.achievements.map((a) => (
                <Paper
                  key={a}
                  variant="outlined"
                  sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}
                >
                  <EmojiEvents sx={{ color: 'warning.main' }} />
                  <Typography>{a}</Typography>
                </Paper>
              ))}
            </Stack>
          </Block>
        )}
      </Container>
    </>
  );
}
