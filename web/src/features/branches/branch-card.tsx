import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Branch } from '@schooliko/common/people/branches';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const MAIN = ['students', 'staff', 'sections'] as const;
const MORE = ['teachers', 'classes', 'girls', 'boys', 'rte', 'guardians'] as const;

export const useNumber = () => {
  const { i18n } = useTranslation();
  return new Intl.NumberFormat(`${i18n.language}-IN`);
};

/** One name/value pair: a <div> straight inside the <dl>, as HTML allows. */
function Figure({ label, value, hint, big }: { label: string; value: string; hint?: string; big?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant={big ? 'h5' : 'subtitle1'}
        sx={{ m: 0, fontWeight: big ? 700 : 600, lineHeight: 1.3 }}
      >
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" aria-hidden sx={{ display: 'block' }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}

/** One branch's figures: who is on its rolls, who works there, its sections and seats this session. */
export function BranchCard({ branch }: { branch: Branch }) {
  const { t } = useTranslation();
  const number = useNumber();
  const titleId = useId();
  const filled = branch.seats > 0 ? Math.round((branch.students / branch.seats) * 100) : 0;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-testid="branch-card"
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Avatar
          variant="rounded"
          src={branch.logo_url ?? undefined}
          alt=""
          sx={{ width: 48, height: 48, bgcolor: 'primary.main' }}
          slotProps={{ img: { sx: { objectFit: 'contain', bgcolor: 'common.white' } } }}
        >
          {branch.name.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={titleId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 700, lineHeight: 1.3 }}
          >
            {branch.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {branch.code} · {branch.domain}
          </Typography>
        </Box>
        {branch.is_current && (
          <Chip size="small" color="primary" label={t('dashboard.groupView.thisInstitute')} />
        )}
      </Stack>

      <Typography variant="body2" color="text.secondary">
        {branch.session
          ? t('dashboard.groupView.session', { session: branch.session })
          : t('dashboard.groupView.noSession')}
      </Typography>

      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, 1fr)' }}>
        {MAIN.map((f) => (
          <Figure
            key={f}
            big
            label={t(`dashboard.groupView.figures.${f}`)}
            value={number.format(branch[f])}
            hint={t(`dashboard.groupView.hints.${f}`)}
          />
        ))}
      </Box>

      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('dashboard.groupView.seats')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {branch.seats > 0
              ? `${t('dashboard.groupView.seatsOf', {
                  students: number.format(branch.students),
                  seats: number.format(branch.seats),
                })} (${number.format(filled)}%)`
              : t('dashboard.groupView.noSeats')}
          </Typography>
        </Stack>
        {/* A plain bar: MUI's LinearProgress would pull a shared chunk into every first view. */}
        <Box
          role="progressbar"
          aria-label={t('dashboard.groupView.seats')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(filled, 100)}
          sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}
        >
          <Box
            sx={{
              height: '100%',
              width: `${Math.min(filled, 100)}%`,
              bgcolor: filled > 100 ? 'warning.main' : 'primary.main',
              borderRadius: 4,
            }}
          />
        </Box>
      </Box>

      <Box
        component="dl"
        sx={{
          m: 0,
          pt: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(3, 1fr)',
            sm: 'repeat(6, 1fr)',
            md: 'repeat(3, 1fr)',
            lg: 'repeat(6, 1fr)',
          },
        }}
      >
        {MORE.map((f) => (
          <Figure key={f} label={t(`dashboard.groupView.figures.${f}`)} value={number.format(branch[f])} />
        ))}
      </Box>
    </Paper>
  );
}
