import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useHomeDashboardQuery } from './home.api';
import { ParentDashboard } from './parent-dashboard';
import { StudentDashboard } from './student-dashboard';
import { TeacherDashboard } from './teacher-dashboard';

export type DashboardRole = 'teacher' | 'student' | 'parent';

/** Spec 2.13, live: the dashboard of the role the person acts in, loaded with its strings (home-page.tsx). */
export default function RoleDashboard({ role }: { role: DashboardRole }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch, isFetching } = useHomeDashboardQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  // After a role switch the cached answer is another role's until the refetch lands.
  const mine = data?.role === role ? data : undefined;
  const View =
    role === 'teacher' ? TeacherDashboard : role === 'student' ? StudentDashboard : ParentDashboard;
  return (
    <>
      {isError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
              {t('home.retry')}
            </Button>
          }
        >
          {t('academics.home.loadError')}
        </Alert>
      )}
      {!(isError && !mine) && <View data={mine} loading={isLoading || !mine} />}
    </>
  );
}
