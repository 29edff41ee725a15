import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EDUCATION_BOARDS } from '@schooliko/common/catalogue/boards';
import { subTypesOf } from '@schooliko/common/catalogue/institute-types';
import { EDUCATION_MEDIA } from '@schooliko/common/catalogue/media';
import { type SocialLinks as Links, SOCIAL_NETWORKS, socialUrl } from '@schooliko/common/profile';
import type { PublicSiteContent } from '@schooliko/common/website';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_ICONS } from '../profile';

/** '12 Station Road, Pune, Maharashtra 411005' from whichever parts are filled in. */
export function fullAddress(
  c: Pick<PublicSiteContent['contact'], 'address' | 'city' | 'state' | 'pincode'>,
): string {
  const region = [c.state, c.pincode].filter(Boolean).join(' ');
  return [c.address, c.city, region].filter(Boolean).join(', ');
}

export const boardLabel = (value: string) => EDUCATION_BOARDS.find((b) => b.value === value)?.label ?? '';
export const mediumLabel = (t: TFunction, value: string) => {
  const label = EDUCATION_MEDIA.find((m) => m.value === value)?.label;
  return label ? t(`website.media.${value}`, { defaultValue: label }) : '';
};
export const schoolTypeLabel = (t: TFunction, value: string) => {
  const label = subTypesOf('school').find((s) => s.value === value)?.label;
  return label ? t(`website.subTypes.${value}`, { defaultValue: label }) : '';
};

/** Icons that open the institute's social pages. */
export function SocialLinks({ links, light = false }: { links: Links; light?: boolean }) {
  const { t } = useTranslation();
  const present = SOCIAL_NETWORKS.map((n) => ({ network: n, url: socialUrl(n, links[n] ?? '') })).filter(
    (l) => l.url,
  );
  if (present.length === 0) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {present.map(({ network, url }) => {
        const Icon = SOCIAL_ICONS[network];
        const label = t(`profile.social.${network}`);
        return (
          <Tooltip key={network} title={label}>
            <IconButton
              component="a"
              href={url ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              sx={{
                color: light ? 'grey.300' : 'primary.main',
                border: 1,
                borderColor: light ? 'grey.700' : 'divider',
              }}
            >
              <Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        );
      })}
    </Stack>
  );
}

/** The coloured band at the top of an inner page. */
export function PageHero({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg">
        <Typography component="h1" variant="h3" sx={{ fontWeight: 700, fontSize: { xs: 30, md: 40 } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography sx={{ mt: 1, opacity: 0.9, maxWidth: 720, fontSize: { md: 18 } }}>
            {subtitle}
          </Typography>
        )}
      </Container>
    </Box>
  );
}

/** A titled block of an inner page. */
export function Block({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 6 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2, color: 'primary.main' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type Stat = { key: string; value: number | null };

/** The school in numbers: only the figures the institute filled in. */
export function StatsStrip({ site, only }: { site: PublicSiteContent; only?: string[] }) {
  const { t } = useTranslation();
  const stats: Stat[] = [
    { key: 'total_students', value: site.statistics.total_students },
    { key: 'total_teachers', value: site.statistics.total_teachers },
    { key: 'total_classes', value: site.statistics.total_classes },
    { key: 'established_year', value: site.established_year },
  ].filter((s) => s.value !== null && (!only || only.includes(s.key)));
  if (stats.length === 0) return null;
  return (
    <Grid container spacing={2}>
      {stats.map((s) => (
        <Grid key={s.key} size={{ xs: 6, md: 12 / Math.min(stats.length, 4) }}>
          <Paper
            variant="outlined"
            sx={{ p: 2.5, textAlign: 'center', height: '100%', borderTop: 4, borderTopColor: 'primary.main' }}
          >
            <Typography
              sx={{ fontSize: { xs: 28, md: 36 }, fontWeight: 800, color: 'primary.main', lineHeight: 1.1 }}
            >
              {s.key === 'established_year' ? s.value : (s.value ?? 0).toLocaleString('en-IN')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontWeight: 600 }}>
              {t(`publicSite.stats.${s.key}`)}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

/** Facilities as a tidy grid of ticks. */
export function FacilitiesGrid({ facilities }: { facilities: string[] }) {
  return (
    <Grid container spacing={1.5}>
      {facilities.map((f) => (
        <Grid key={f} size={{ xs: 12, sm: 6, md: 4 }}>
          <Paper
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center', height: '100%' }}
          >
            <CheckCircle color="primary" fontSize="small" />
            <Typography sx={{ fontWeight: 500 }}>{f}</Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

/** Board, medium, type and year as label/value pairs (only those filled in). */
export function SchoolFacts({ site }: { site: PublicSiteContent }) {
  const { t } = useTranslation();
  const facts = [
    { key: 'board', value: boardLabel(site.education_board) },
    { key: 'medium', value: mediumLabel(t, site.education_medium) },
    { key: 'schoolType', value: schoolTypeLabel(t, site.school_type) },
    { key: 'established', value: site.established_year ? String(site.established_year) : '' },
  ].filter((f) => f.value);
  if (facts.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack component="dl" sx={{ m: 0, gap: 1.5 }}>
        {facts.map((f) => (
          <Box key={f.key}>
            <Typography
              component="dt"
              variant="caption"
              color="text.secondary"
              sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}
            >
              {t(`publicSite.facts.${f.key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {f.value}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
