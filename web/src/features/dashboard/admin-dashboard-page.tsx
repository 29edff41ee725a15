import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import CoPresent from '@mui/icons-material/CoPresent';
import CurrencyRupee from '@mui/icons-material/CurrencyRupee';
import EmojiPeople from '@mui/icons-material/EmojiPeople';
import EventAvailable from '@mui/icons-material/EventAvailable';
import FactCheck from '@mui/icons-material/FactCheck';
import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import HowToReg from '@mui/icons-material/HowToReg';
import School from '@mui/icons-material/School';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatRupees } from '@schooliko/common/fees/money';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../layout/page-header';
import { groupTypeLabel } from '../groups';
import { useAdminDashboardQuery } from './dashboard.api';
import { DeskCards } from './desk-cards';
import { QuickActionsPanel } from './quick-actions-panel';
import { RecentActivityPanel } from './recent-activity-panel';
import { SetupDialogWhenOpen } from './setup-dialog-when-open';
import { StatCard } from './stat-card';

/**
 * /admin/dashboard (spec 2.8), with live figures of the admin's institute. Without institute
 * data (no id or name) the dashboard is blurred behind the setup dialog.
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const institute = useAppSelector((s) => s.auth.user?.institute_data ?? null);
  const needsSetup = !institute?.institute_id || !institute.institute_name;
  const { data, isLoading, isError, refetch, isFetching } = useAdminDashboardQuery(undefined, {
    skip: needsSetup,
    refetchOnMountOrArgChange: true,
  });

  useEffect(() => {
    document.title = t('dashboard.admin.title');
  }, [t]);

  const loading = isLoading || (needsSetup && !data);
  const school = data?.school;

  return (
    <Box>
      <Box
        aria-hidden={needsSetup || undefined}
        sx={needsSetup ? { filter: 'blur(4px)', pointerEvents: 'none', userSelect: 'none' } : undefined}
      >
        <PageHeader />
        <Typography variant="h4" component="h2" sx={{ fontWeight: 700 }}>
          {t('dashboard.admin.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {data?.institute.institute_name ?? institute?.institute_name ?? ''}
        </Typography>

        {isError && (
          <Alert
            severity="error"
            sx={{ mb: 3 }}
            action={
              <Button color="inherit" onClick={() => refetch()} disabled={isFetching}>
                {t('dashboard.retry')}
              </Button>
            }
          >
            {t('dashboard.admin.loadError')}
          </Alert>
        )}

        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
            mb: 3,
          }}
        >
          <StatCard
            label={t('dashboard.admin.students')}
            value={school?.students ?? null}
            to="/student"
            icon={School}
            loading={loading}
          />
          <StatCard
            label={t('dashboard.admin.teachers')}
            value={school?.teachers ?? null}
            to="/teacher"
            icon={CoPresent}
            color="secondary"
            loading={loading}
          />
          <StatCard
            label={t('dashboard.admin.parents')}
            value={school?.guardians ?? null}
            to="/parent"
            icon={FamilyRestroom}
            color="info"
            loading={loading}
          />
          <StatCard
            label={t('dashboard.admin.pending')}
            value={data?.pending_requests ?? null}
            icon={HowToReg}
            color="warning"
            loading={loading}
            hint={data && data.pending_requests > 0 ? t('dashboard.admin.pendingHint') : undefined}
          />
          <StatCard
            label={t('dashboard.fees.today')}
            value={data ? formatRupees(data.fees.today_paise) : null}
            icon={CurrencyRupee}
            color="success"
            loading={loading}
            hint={data ? t('dashboard.fees.todayHint', { count: data.fees.today_receipts }) : undefined}
          />
          <StatCard
            label={t('dashboard.fees.outstanding')}
            value={data ? formatRupees(data.fees.outstanding_paise) : null}
            icon={AccountBalanceWallet}
            color="warning"
            loading={loading}
            hint={t('dashboard.fees.outstandingHint')}
          />
          <StatCard
            label={t('dashboard.reception.visitorsIn')}
            value={data?.reception.visitors_in ?? null}
            icon={EmojiPeople}
            color="primary"
            loading={loading}
            hint={
              data ? t('dashboard.reception.visitorsOut', { count: data.reception.visitors_out }) : undefined
            }
          />
          <StatCard
            label={t('dashboard.reception.appointments')}
            value={data?.reception.appointments ?? null}
            icon={EventAvailable}
            color="info"
            loading={loading}
            hint={
              data
                ? t('dashboard.reception.waiting', { count: data.reception.appointments_waiting })
                : undefined
            }
          />
          <DeskCards desk={data?.desk} loading={loading} />
          <StatCard
            label={t('dashboard.attendance.title')}
            value={
              data
                ? data.attendance.percent_present === null
                  ? '—'
                  : `${data.attendance.percent_present} %`
                : null
            }
            icon={FactCheck}
            color="success"
            loading={loading}
            hint={
              data && (
                <>
                  {data.attendance.marked_students
                    ? t('dashboard.attendance.hint', {
                        absent: data.attendance.absentees,
                        marked: data.attendance.sections_marked,
                        total: data.attendance.sections_total,
                      })
                    : t('dashboard.attendance.none', { total: data.attendance.sections_total })}{' '}
                  ·{' '}
                  <Link component={RouterLink} to={`/attendance?tab=absentees&date=${data.attendance.date}`}>
                    {t('dashboard.attendance.link')}
                  </Link>
                </>
              )
            }
          />
        </Box>

        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
            alignItems: 'start',
          }}
        >
          <RecentActivityPanel items={data?.recent_activity} loading={loading} />
          <Box sx={{ display: 'grid', gap: 2 }}>
            <QuickActionsPanel userRole="admin" />
            {data && (
              <Paper
                variant="outlined"
                sx={{ p: 2.5 }}
                component="section"
                aria-labelledby="admin-group-title"
              >
                <Typography
                  id="admin-group-title"
                  variant="h6"
                  component="h2"
                  sx={{ fontWeight: 700, mb: 1 }}
                >
                  {t('dashboard.admin.group')}
                </Typography>
                {data.group ? (
                  <>
                    <Typography sx={{ fontWeight: 600 }}>{data.group.group_name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {data.group.group_code} · {groupTypeLabel(t, data.group.group_type)} ·{' '}
                      {t('dashboard.admin.groupInstitutes', { count: data.group.total_institutes })}
                    </Typography>
                  </>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('dashboard.admin.noGroup')}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                  {t('dashboard.admin.members', { count: data.members.total })}
                </Typography>
              </Paper>
            )}
          </Box>
        </Box>
      </Box>
      <SetupDialogWhenOpen open={needsSetup} userRole="admin" />
    </Box>
  );
}
