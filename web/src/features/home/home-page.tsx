import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../layout/page-header';
import { useMeQuery } from '../auth/auth.api';
import { MyPeople } from './my-people';
import { PendingPayments } from './pending-payments';
import { ProfileDetails } from './profile-details';
import { QuickActions } from './quick-actions';

/** Spec 2.11: /admin, /teacher, /student and /parent — who you are here, and where to go next. */
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
              {user.role === 'parent' && user.permissions?.includes('fees:read:own') && <PendingPayments />}
              <MyPeople role={user.role} />
              <QuickActions role={user.role} />
            </Stack>
          )}
        </Grid>
      </Grid>
    </>
  );
}
