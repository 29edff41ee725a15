import Add from '@mui/icons-material/Add';
import Apartment from '@mui/icons-material/Apartment';
import Edit from '@mui/icons-material/Edit';
import Groups from '@mui/icons-material/Groups';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { JOINED_DIALOG_CLOSE_MS } from '@schooliko/common/group-requests';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorStatus } from '../../kit/http-error';
import { toast } from '../../kit/toast/toast.slice';
import { PageHeader } from '../../layout/page-header';
import { PageLoader } from '../../layout/page-loader';
import { currentGroupOf, instituteGroupLoaded, useDirectorProfileQuery, useMyGroupsQuery } from '../groups';
import { pendingRequestOf, useJoinStatus } from '../join-requests';
import { DirectorTiles } from './director-tiles';
import { GroupDetailsCard } from './group-details-card';
import { GroupFeesCard } from './group-fees-card';
import { SetupDialogWhenOpen } from './setup-dialog-when-open';
import { StatCard } from './stat-card';

/** /director and /director/dashboard (spec 2.12): the director's group at a glance. */
export default function DirectorDashboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const userId = useAppSelector((s) => s.auth.user?.id ?? '');
  const groups = useMyGroupsQuery(undefined, { refetchOnMountOrArgChange: true });
  const profile = useDirectorProfileQuery(userId, { skip: !userId, refetchOnMountOrArgChange: true });
  const [dialog, setDialog] = useState<boolean | null>(null);
  const pending = useAppSelector((s) => pendingRequestOf(s.joinRequest));
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const joinStatus = useJoinStatus(true, () => {
    setDialog(true);
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setDialog(false), JOINED_DIALOG_CLOSE_MS);
  });
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    document.title = t('dashboard.director.title');
  }, [t]);

  const group = groups.data ? currentGroupOf(groups.data.groups, profile.data?.current_group_id) : null;

  useEffect(() => {
    if (groups.data) dispatch(instituteGroupLoaded({ group, stats: groups.data.stats }));
  }, [groups.data, group, dispatch]);

  // Spec 8.4: the error toast, except for a 404.
  const failed = groups.isError;
  useEffect(() => {
    if (!failed || errorStatus(groups.error) === 404) return;
    dispatch(toast.error(t('groups.messages.loadError'), { title: t('groups.messages.loadErrorTitle') }));
  }, [failed, groups.error, dispatch, t]);

  if (groups.isLoading || profile.isLoading) return <PageLoader />;

  const noGroup = !failed && !group;
  const dialogOpen = dialog ?? noGroup;
  const stats = groups.data?.stats;
  const totalInstitutes =
    stats?.total_institutes ?? groups.data?.groups.reduce((n, g) => n + g.group_institutes.length, 0) ?? null;

  return (
    <Box>
      {/* Without a group the warning below carries the one call to action (no Add Group here). */}
      <PageHeader action={noGroup ? false : undefined} />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2, flexWrap: 'wrap' }}
      >
        <div>
          <Typography variant="h4" component="h2" sx={{ fontWeight: 700 }}>
            {t('dashboard.director.title')}
          </Typography>
          {group && (
            <Typography color="text.secondary">
              {t('dashboard.director.subtitle', { group: group.group_name })}
            </Typography>
          )}
        </div>
        {group ? (
          <Button component={RouterLink} to="/director/edit-group" variant="contained" startIcon={<Edit />}>
            {t('dashboard.director.editGroup')}
          </Button>
        ) : (
          failed && (
            <Button
              component={RouterLink}
              to="/director/create-group"
              variant="contained"
              startIcon={<Add />}
            >
              {t('dashboard.director.newGroup')}
            </Button>
          )
        )}
      </Stack>

      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" onClick={() => groups.refetch()}>
              {t('dashboard.retry')}
            </Button>
          }
        >
          {t('groups.messages.loadError')}
        </Alert>
      )}
      {noGroup && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('groups.messages.noGroupId')}
          {/* One call to action: create a group, or find one to join (in the Get Started dialog). */}
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to="/director/create-group"
              variant="contained"
              startIcon={<Add />}
              disabled={pending !== null}
            >
              {t('dashboard.setup.createGroup')}
            </Button>
            <Button color="inherit" onClick={() => setDialog(true)}>
              {t('dashboard.director.findGroupToJoin')}
            </Button>
          </Stack>
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}>
        <StatCard
          label={t('dashboard.director.totalGroups')}
          value={stats?.total_groups ?? null}
          icon={Groups}
        />
        <StatCard
          label={t('dashboard.director.totalInstitutes')}
          value={totalInstitutes}
          icon={Apartment}
          color="secondary"
        />
      </Box>

      {group && <GroupFeesCard />}

      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('dashboard.director.quickActions')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <DirectorTiles hasGroup={Boolean(group)} />
      </Box>

      {group && <GroupDetailsCard group={group} />}

      <SetupDialogWhenOpen
        open={dialogOpen}
        userRole="director"
        onClose={() => setDialog(false)}
        statusFailed={joinStatus.isError}
      />
    </Box>
  );
}
