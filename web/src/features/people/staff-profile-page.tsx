import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PhotoAvatar } from '../../app/photo-avatar';
import { PageLoader } from '../../layout/page-loader';
import { DetailsGrid, RecordLoadError } from './details-grid';
import { formatDate } from './format';
import { HistoryList } from './history-list';
import { InviteButton } from './invite-dialog';
import { useHistoryQuery, useStaffMemberQuery } from './people.api';
import { RecordPhotoPanel } from './record-photo-panel';
import RelieveDialog from './relieve-dialog';

/** A staff member's record: details (police verification and psychometric dates) and history. */
export default function StaffProfilePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const [relieving, setRelieving] = useState(false);
  const { data: m, isLoading, isError, refetch } = useStaffMemberQuery(id);
  const history = useHistoryQuery({ kind: 'staff', id }, { skip: tab !== 'history' });
  if (isLoading) return <PageLoader />;
  if (isError || !m) return <RecordLoadError onRetry={() => void refetch()} />;
  const canWrite = permissions.includes('staff:write');
  const date = (v: string | null) => formatDate(v, i18n.language);
  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to={m.kind === 'teaching' ? '/teacher' : '/staff'}
        startIcon={<ArrowBack />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('people.back')}
      </Button>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <PhotoAvatar
            url={m.photo_url}
            alt={t('people.photoPanel.alt', { name: m.full_name })}
            sx={{ width: 56, height: 56, fontSize: 24 }}
          >
            {m.first_name[0]}
          </PhotoAvatar>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {m.full_name}
          </Typography>
          <Chip variant="outlined" label={t(`people.kind.${m.kind}`)} />
          <Chip
            variant="outlined"
            color={m.status === 'active' ? 'success' : 'default'}
            label={t(`people.status.${m.status}`)}
          />
          {(m.has_account || (m.status === 'active' && permissions.includes('people:invite'))) && (
            <InviteButton kind="staff" ids={[m.id]} hasAccount={m.has_account} />
          )}
          {canWrite && (
            <Stack direction="row" spacing={1}>
              <Button
                component={RouterLink}
                to={`/staff/${m.id}/edit`}
                variant="outlined"
                startIcon={<Edit />}
              >
                {t('people.edit')}
              </Button>
              <Button
                variant="outlined"
                color={m.status === 'active' ? 'warning' : 'primary'}
                onClick={() => setRelieving(true)}
              >
                {t(m.status === 'active' ? 'people.relieve' : 'people.rejoin')}
              </Button>
            </Stack>
          )}
        </Stack>
        <Typography color="text.secondary">
          {[m.employee_code, m.designation, m.department].filter(Boolean).join(' · ')}
        </Typography>
      </Paper>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)}>
        <Tab value="details" label={t('people.tabs.details')} />
        {permissions.includes('people:audit') && <Tab value="history" label={t('people.tabs.history')} />}
      </Tabs>
      {tab === 'details' ? (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('people.photo')}
            </Typography>
            <RecordPhotoPanel
              kind="staff"
              id={m.id}
              name={m.full_name}
              url={m.photo_url}
              canChange={canWrite}
            />
          </Paper>
          <DetailsGrid
            groups={[
              {
                title: t('people.sections.identity'),
                fields: [
                  ['phone', m.phone],
                  ['email', m.email],
                  ['date_of_birth', date(m.date_of_birth)],
                  ['address', m.address],
                ],
              },
              {
                title: t('people.sections.academic'),
                fields: [
                  ['joining_date', date(m.joining_date)],
                  ['qualification', m.qualification],
                  ['subjects', m.subjects],
                  ['experience_years', String(m.experience_years)],
                  ['police_verification_on', date(m.police_verification_on)],
                  ['psychometric_evaluation_on', date(m.psychometric_evaluation_on)],
                  ['relieved_on', date(m.relieved_on)],
                ],
              },
            ]}
          />
        </Stack>
      ) : (
        <HistoryList entries={history.data} />
      )}
      {relieving && <RelieveDialog member={m} onClose={() => setRelieving(false)} />}
    </Stack>
  );
}
