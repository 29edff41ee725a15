import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { roleHome } from '@schooliko/common/auth';
import type { Student } from '@schooliko/common/people/students';
import { ON_ROLLS, updateStudentSchema } from '@schooliko/common/people/students';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PhotoAvatar } from '../../app/photo-avatar';
import { RhfTextField } from '../../kit/forms/form-fields';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { PageLoader } from '../../layout/page-loader';
import { RequestChangeDialog } from '../change-requests';
import { DetailsGrid } from './details-grid';
import { formatDate } from './format';
import { GuardiansTab } from './guardians-tab';
import { HistoryList } from './history-list';
import { InviteButton } from './invite-dialog';
import { useHistoryQuery, useStudentQuery, useUpdateStudentMutation } from './people.api';
import { RecordPhotoPanel } from './record-photo-panel';

const TABS = ['details', 'guardians', 'documents', 'history'] as const;

function LeaveDialog({ student, onClose }: { student: Student; onClose: () => void }) {
  const { t } = useTranslation();
  const [update] = useUpdateStudentMutation();
  const schemaForm = useSchemaForm({
    schema: updateStudentSchema,
    defaultValues: { leaving_reason: '' },
    toInput: (values: { leaving_reason: string }) => ({ status: 'left' as const, ...values }),
    fallback: t('lists.failed'),
    send: async (body) => {
      await update({ id: student.id, body }).unwrap();
      onClose();
    },
  });
  const reason = useWatch({ control: schemaForm.form.control, name: 'leaving_reason' });
  return (
    <SchemaFormDialog
      schemaForm={schemaForm}
      title={t('people.markLeftTitle', { name: student.full_name })}
      cancel={t('people.cancel')}
      action={t('people.confirm')}
      disabled={!reason.trim()}
      maxWidth="xs"
      onClose={onClose}
    >
      <Alert severity="warning">{t('people.markLeftText')}</Alert>
      <RhfTextField name="leaving_reason" size="medium" label={t('people.reason')} />
    </SchemaFormDialog>
  );
}

/** A student's record: details (the UDISE+ set), guardians, documents and history. */
export default function StudentProfilePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [tab, setTab] = useState<(typeof TABS)[number]>('details');
  const permissions = useAppSelector((st) => st.auth.user?.permissions ?? []);
  const role = useAppSelector((st) => st.auth.user?.role);
  // The history is for staff who hold people:audit; a parent sees the record, not its audit trail.
  const tabs = TABS.filter((k) => k !== 'history' || permissions.includes('people:audit'));
  const [leaving, setLeaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const { data: s, isLoading, isError } = useStudentQuery(id);
  const history = useHistoryQuery({ kind: 'students', id }, { skip: tab !== 'history' });
  if (isLoading) return <PageLoader />;
  if (isError || !s) return <Alert severity="error">{t('people.notFound')}</Alert>;
  const yes = (v: boolean) => (v ? t('people.yes') : t('people.no'));
  const date = (v: string | null) => formatDate(v, i18n.language);
  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to={permissions.includes('students:read') ? '/student' : roleHome(role ?? 'student')}
        startIcon={<ArrowBack />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('people.back')}
      </Button>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <PhotoAvatar
            url={s.photo_url}
            alt={t('people.photoPanel.alt', { name: s.full_name })}
            sx={{ width: 64, height: 64, fontSize: 28 }}
          >
            {s.first_name[0]}
          </PhotoAvatar>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {s.full_name}
            </Typography>
            <Typography color="text.secondary">
              {s.admission_no} · {s.section_name ?? '—'}
            </Typography>
          </Box>
          <Chip
            label={t(`people.status.${s.status}`)}
            color={s.status === 'left' ? 'default' : 'success'}
            variant="outlined"
          />
          {(s.has_account || (ON_ROLLS.includes(s.status) && permissions.includes('people:invite'))) && (
            <InviteButton kind="students" ids={[s.id]} askEmail hasAccount={s.has_account} />
          )}
          {s.can.request_change && (
            <Button variant="outlined" onClick={() => setAsking(true)}>
              {t('people.changeRequest.action')}
            </Button>
          )}
          {s.can.change_status && ['enrolled', 'promoted', 'detained', 'applicant'].includes(s.status) && (
            <Button variant="outlined" color="warning" onClick={() => setLeaving(true)}>
              {t('people.markLeft')}
            </Button>
          )}
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile>
        {tabs.map((k) => (
          <Tab key={k} value={k} label={t(`people.tabs.${k}`)} />
        ))}
      </Tabs>
      {tab === 'details' && (
        <DetailsGrid
          groups={[
            {
              title: t('people.sections.identity'),
              fields: [
                ['first_name', s.first_name],
                ['middle_name', s.middle_name],
                ['last_name', s.last_name],
                ['date_of_birth', date(s.date_of_birth)],
                ['gender', t(`people.gender.${s.gender}`)],
                ['blood_group', s.blood_group],
                ['religion', s.religion],
                ['mother_tongue', s.mother_tongue],
                ['nationality', s.nationality],
              ],
            },
            {
              title: t('people.sections.udise'),
              fields: [
                ['social_category', s.social_category?.toUpperCase()],
                ['bpl', yes(s.bpl)],
                ['rte', yes(s.rte)],
                ['cwsn', yes(s.cwsn)],
                ['impairment', s.impairment],
                ['apaar_id', s.apaar_id],
                ['pen', s.pen],
                ['aadhaar_last4', s.aadhaar_last4 ? `XXXX XXXX ${s.aadhaar_last4}` : ''],
              ],
            },
            {
              title: t('people.sections.academic'),
              fields: [
                ['admission_no', s.admission_no],
                ['roll_no', s.roll_no],
                ['section_name', s.section_name],
                ['house', s.house],
                ['medium', s.medium],
                ['stream', s.stream],
                ['admitted_on', date(s.admitted_on)],
                ['status', t(`people.status.${s.status}`)],
              ],
            },
            {
              title: t('people.sections.contact'),
              fields: [
                ['address', s.address],
                ['city', s.city],
                ['state', s.state],
                ['pincode', s.pincode],
              ],
            },
            {
              title: t('people.sections.previous'),
              fields: [
                ['previous_school', s.previous_school],
                ['previous_tc_no', s.previous_tc_no],
              ],
            },
          ]}
        />
      )}
      {tab === 'guardians' && <GuardiansTab studentId={s.id} studentName={s.full_name} />}
      {tab === 'documents' && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('people.photo')}
            </Typography>
            <RecordPhotoPanel
              kind="students"
              id={s.id}
              name={s.full_name}
              url={s.photo_url}
              canChange={permissions.includes('students:write')}
            />
            <Typography variant="body2">
              {t('people.previousTc')}: {s.previous_tc_no || t('people.notGiven')}
            </Typography>
            <Alert severity="info">{t('people.documentsNote')}</Alert>
          </Stack>
        </Paper>
      )}
      {tab === 'history' && <HistoryList entries={history.data} />}
      {asking && (
        <RequestChangeDialog
          entity="student"
          id={s.id}
          name={s.full_name}
          current={{ address: s.address, city: s.city, state: s.state, pincode: s.pincode }}
          onClose={() => setAsking(false)}
        />
      )}
      {leaving && <LeaveDialog student={s} onClose={() => setLeaving(false)} />}
    </Stack>
  );
}
