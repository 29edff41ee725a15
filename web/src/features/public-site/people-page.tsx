import Login from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Block, FacilitiesGrid, PageHero, StatsStrip } from './site-parts';
import { usePageMeta, useSite } from './use-site';

type Props = { audience: 'faculty' | 'students' };

/**
 * /faculty and /students: the school's figures and facilities, and the portal sign-in when it is
 * switched on. No made-up people: staff and student lists stay private.
 */
export function PeoplePage({ audience }: Props) {
  const { t } = useTranslation();
  const { site, query } = useSite();
  const s = site.statistics;
  const portal = audience === 'faculty' ? site.features.teacher_portal : site.features.parent_portal;
  const ratio =
    s.total_students !== null && s.total_teachers ? Math.round(s.total_students / s.total_teachers) : null;
  usePageMeta(
    `${t(`publicSite.nav.${audience}`)} | ${site.institute_name}`,
    t(`publicSite.${audience}.meta`, { name: site.institute_name }),
  );

  return (
    <>
      <PageHero
        title={t(`publicSite.${audience}.title`)}
        subtitle={t(`publicSite.${audience}.subtitle`, { name: site.institute_name })}
      />
      <Container maxWidth="lg">
        <Block id="numbers" title={t('publicSite.inNumbers')}>
          <StatsStrip
            site={site}
            only={
              audience === 'faculty'
                ? ['total_teachers', 'total_classes']
                : ['total_students', 'total_classes']
            }
          />
          {ratio !== null && (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {t('publicSite.ratio', { ratio })}
            </Typography>
          )}
          {s.total_students === null && s.total_teachers === null && s.total_classes === null && (
            <Typography color="text.secondary">{t('publicSite.noNumbers')}</Typography>
          )}
        </Block>
        {site.facilities.length > 0 && (
          <Block id="facilities" title={t(`publicSite.${audience}.facilitiesTitle`)}>
            <FacilitiesGrid facilities={site.facilities} />
          </Block>
        )}
        {audience === 'students' && site.achievements.length > 0 && (
          <Block id="achievements" title={t('publicSite.achievements')}>
            <ul>
              {site.achievements.map((a) => (
                <li key={a}>
                  <Typography>{a}</Typography>
                </li>
              ))}
            </ul>
          </Block>
        )}
        <Paper variant="outlined" sx={{ mt: 6, p: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t(`publicSite.${audience}.portalTitle`)}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {portal ? t(`publicSite.${audience}.portalOn`) : t(`publicSite.${audience}.portalOff`)}
          </Typography>
          {portal && (
            <Button
              component={RouterLink}
              to="/signin"
              variant="contained"
              startIcon={<Login />}
              sx={{ mt: 2 }}
            >
              {t('publicSite.nav.login')}
            </Button>
          )}
          {!portal && (
            <Button component={RouterLink} to={`/contact${query}`} sx={{ mt: 1 }}>
              {t('publicSite.home.contactCta')}
            </Button>
          )}
        </Paper>
      </Container>
    </>
  );
}
