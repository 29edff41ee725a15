import ArrowBack from '@mui/icons-material/ArrowBack';
import CorporateFare from '@mui/icons-material/CorporateFare';
import DomainAdd from '@mui/icons-material/DomainAdd';
import PeopleAlt from '@mui/icons-material/PeopleAlt';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import ViewModule from '@mui/icons-material/ViewModule';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBranchesQuery } from '../people';
import { BranchCard, useNumber } from './branch-card';

/** Branch cards: one column on a phone, side by side from a tablet up. */
const CARDS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
};

/** The last card: where the next branch comes from. */
function AddBranchCard() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ borderStyle: 'dashed', borderWidth: 2, overflow: 'hidden', minHeight: { xs: 0, md: 200 } }}
    >
      <ButtonBase
        component={RouterLink}
        to="/add-school"
        sx={{
          width: '100%',
          height: '100%',
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          textAlign: 'center',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outlineOffset: -2 },
        }}
      >
        <DomainAdd color="primary" sx={{ fontSize: 40 }} />
        <Typography sx={{ fontWeight: 700 }}>{t('dashboard.groupView.addAnother')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 340 }}>
          {t('dashboard.groupView.addAnotherText')}
        </Typography>
      </ButtonBase>
    </Paper>
  );
}

type Total = {
  label: string;
  value: number;
  icon: typeof SvgIcon;
  color: 'primary' | 'secondary' | 'success' | 'info';
};

/** The group's totals in one strip: two by two on a phone, in a row from a tablet up. */
function Totals({ figures }: { figures: Total[] }) {
  const { t } = useTranslation();
  const number = useNumber();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('dashboard.groupView.totals')}
      sx={{ p: 2, mb: 3 }}
    >
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        {figures.map(({ label, value, icon: Icon, color }) => (
          <Stack key={label} direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar sx={{ bgcolor: `${color}.main`, width: 40, height: 40 }}>
              <Icon fontSize="small" />
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700, lineHeight: 1.3 }}>
                {number.format(value)}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Box>
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('dashboard.groupView.loading')}>
      <Skeleton variant="rounded" height={88} sx={{ mb: 3 }} />
      <Box sx={CARDS}>
        {[0, 1].map((n) => (
          <Skeleton key={n} variant="rounded" height={340} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * /director/group, the Group Dashboard tile (spec 2.12's /group-dashboard): every branch of the
 * director's group side by side, with its live figures (GET /api/branches) and the group's totals.
 */
export default function GroupPage() {
  const { t } = useTranslation();
  const branches = useBranchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const title = t('dashboard.groupView.title');

  useEffect(() => {
    document.title = title;
  }, [title]);

  const data = branches.data;
  const items = data?.items ?? [];
  // This institute first, then the others by name (as the server orders them).
  const ordered = [...items.filter((b) => b.is_current), ...items.filter((b) => !b.is_current)];
  const total = (f: 'students' | 'staff' | 'sections') => items.reduce((n, b) => n + b[f], 0);

  let body: ReactNode;
  if (branches.isLoading) body = <Loading />;
  else if (branches.isError || !data)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void branches.refetch()}>
            {t('dashboard.retry')}
          </Button>
        }
      >
        {t('dashboard.groupView.loadError')}
      </Alert>
    );
  else if (!data.group)
    body = (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/director/create-group" color="inherit" size="small">
            {t('dashboard.groupView.noGroupAction')}
          </Button>
        }
      >
        <AlertTitle>{t('dashboard.groupView.noGroupTitle')}</AlertTitle>
        {t('dashboard.groupView.noGroup')}
      </Alert>
    );
  else if (items.length === 0)
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <CorporateFare color="primary" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('dashboard.groupView.emptyTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('dashboard.groupView.emptyText')}
        </Typography>
        <Button component={RouterLink} to="/add-school" variant="contained" startIcon={<DomainAdd />}>
          {t('dashboard.groupView.emptyAction')}
        </Button>
      </Paper>
    );
  else
    body = (
      <>
        <Totals
          figures={[
            {
              label: t('dashboard.groupView.branches'),
              value: items.length,
              icon: CorporateFare,
              color: 'primary',
            },
            {
              label: t('dashboard.groupView.figures.students'),
              value: total('students'),
              icon: PeopleAlt,
              color: 'secondary',
            },
            {
              label: t('dashboard.groupView.figures.staff'),
              value: total('staff'),
              icon: SupervisorAccount,
              color: 'success',
            },
            {
              label: t('dashboard.groupView.figures.sections'),
              value: total('sections'),
              icon: ViewModule,
              color: 'info',
            },
          ]}
        />
        <Box sx={CARDS}>
          {ordered.map((b) => (
            <BranchCard key={b.id} branch={b} />
          ))}
          <AddBranchCard />
        </Box>
      </>
    );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', width: '100%' }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 3, gap: 2, flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {title}
          </Typography>
          {data?.group && (
            <Typography color="text.secondary">
              {t('dashboard.groupView.subtitle', { group: data.group.name })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/director/dashboard" startIcon={<ArrowBack />}>
            {t('dashboard.groupView.backToDashboard')}
          </Button>
          {data?.group && (
            <Button component={RouterLink} to="/add-school" variant="contained" startIcon={<DomainAdd />}>
              {t('dashboard.groupView.addBranch')}
            </Button>
          )}
        </Stack>
      </Stack>
      {body}
    </Box>
  );
}
