import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { loadModuleStrings } from '../../app/i18n';
import { PageHeader } from '../../layout/page-header';
import { useMeQuery } from '../auth';
import { AppointmentRequestCard } from '../reception';
import type { DashboardRole } from './dashboard/role-dashboard';
import { MyPeople } from './my-people';
import { ProfileDetails } from './profile-details';
import { QuickActions } from './quick-actions';

/** Spec 2.13's live dashboards, loaded with the academics strings they share with the calendar and timetable. */
const RoleDashboard = lazy(async () => {
  const [dashboard] = await Promise.all([
    import('./dashboard/role-dashboard'),
    loadModuleStrings('academics'),
  ]);
  return dashboard;
});
const DASHBOARD_ROLES: readonly string[] = ['teacher', 'student', 'parent'] satisfies DashboardRole[];

function DashboardSkeleton() {
  return <Skeleton variant="rectangular" height={240} sx={{ mb: 3, borderRadius: 1 }} aria-busy="true" />;
}

/**
 * Spec 2.11: /admin, /teacher, /student and /parent — who you are here, and where to go next; for a
 * teacher, student or parent their live dashboard first (spec 2.13).
 */
export default function HomePage() {
  const { t } = useTranslation();
  const stored = useAppSelector((s) => s.auth.user);
  const { data, isLoading, isError, refetch, isFetching } = useMeQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const user = data ?? stored;

  return (
    <>
      <PageHeader />
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {user ? t('home.welcome', { name: user.first_name }) : <Skeleton width={240} />}
      </Typography>
      {isError && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
              {t('home.retry')}
            </Button>
          }
        >
          {t('home.loadError')}
        </Alert>
      )}
      {user && DASHBOARD_ROLES.includes(user.role) && (
        <Suspense fallback={<DashboardSkeleton />}>
          <RoleDashboard role={user.role as DashboardRole} />
        </Suspense>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                {t('home.profile')}
              </Typography>
              {isLoading && !user ? (
                <Skeleton variant="rectangular" height={160} />
              ) : (
                user && <ProfileDetails user={user} />
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          {user && (
            <Stack spacing={3}>
              {user.role === 'parent' && user.permissions?.includes('appointments:request') && (
                <Suspense fallback={<Skeleton variant="rectangular" height={96} />}>
                  <AppointmentRequestCard />
                </Suspense>
              )}
              {user.role === 'student' && <MyPeople />}
              <QuickActions role={user.role} />
            </Stack>
          )}
        </Grid>
      </Grid>
    </>
  );
}
