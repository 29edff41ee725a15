import Add from '@mui/icons-material/Add';
import Groups from '@mui/icons-material/GroupsOutlined';
import Lock from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  COMPLAINANT_KINDS,
  COMPLAINT_CATEGORIES,
  COMPLAINT_STATES,
  type Complaint,
} from '@schooliko/common/desk/complaints';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListScreen } from '../lists/list-screen';
import { LoadFailed } from '../lists/load-failed';
import {
  useAddComplaintMutation,
  useAgeingQuery,
  useComplaintsQuery,
  useUpdateComplaintMutation,
} from './desk.api';
import { ChoiceField, FormDialog, useCan, useFailure } from './desk-kit';
import { StaffSelect } from './staff-select';

function AgeingCard() {
  const { t } = useTranslation();
  const ageing = useAgeingQuery();
  if (ageing.isError) return <LoadFailed onRetry={() => ageing.refetch()} />;
  if (!ageing.data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('desk.complaints.ageing')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {ageing.data.buckets.map((b) => (
          <Chip
            key={b.bucket}
            variant="outlined"
            label={t('desk.complaints.days', { bucket: b.bucket, count: b.count })}
          />
        ))}
        <Chip
          color={ageing.data.overdue ? 'error' : 'default'}
          label={t('desk.complaints.overdue', { count: ageing.data.overdue })}
        />
      </Stack>
    </Paper>
  );
}

function NewComplaintDialog({ open, desk, onClose }: { open: boolean; desk: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const empty = {
    category: 'facilities',
    complainant_kind: 'public',
    complainant_name: '',
    complainant_phone: '',
    description: '',
  };
  const [form, setForm] = useState(empty);
  const [add, { isLoading, error, reset }] = useAddComplaintMutation();
  const failure = useFailure()(error);
  const field = (name: keyof typeof empty) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: Boolean(failure.fields[name]),
    helperText: failure.fields[name],
    label: t(`desk.complaints.field.${name}`),
    fullWidth: true,
  });
  const close = () => {
    setForm(empty);
    reset();
    onClose();
  };
  const restricted = form.category === 'pocso' || form.category === 'posh';
  return (
    <FormDialog
      open={open}
      title={t('desk.complaints.new')}
      submit={t('desk.complaints.file')}
      busy={isLoading}
      error={failure.message}
      onClose={close}
      onSubmit={async () => {
        const body = desk ? form : { category: form.category, description: form.description };
        if ('data' in (await add(body as never))) close();
      }}
    >
      <ChoiceField {...field('category')} values={COMPLAINT_CATEGORIES} prefix="desk.complaints.category" />
      {restricted && <Alert severity="info">{t('desk.complaints.restrictedHint')}</Alert>}
      {desk && (
        <>
          <ChoiceField
            {...field('complainant_kind')}
            values={COMPLAINANT_KINDS}
            prefix="desk.complaints.kind"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...field('complainant_name')} />
            <TextField {...field('complainant_phone')} />
          </Stack>
        </>
      )}
      <TextField {...field('description')} multiline minRows={3} required />
    </FormDialog>
  );
}

function HandleDialog({ complaint, onClose }: { complaint: Complaint; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    state: complaint.state as string,
    assignee_staff_id: complaint.assignee_staff_id ?? '',
    due_on: complaint.due_on ?? '',
    action_taken: complaint.action_taken,
  });
  const [update, { isLoading, error }] = useUpdateComplaintMutation();
  const failure = useFailure()(error);
  return (
    <FormDialog
      open
      title={t(`desk.complaints.category.${complaint.category}`)}
      submit={t('desk.save')}
      busy={isLoading || !complaint.can.write}
      error={failure.message}
      onClose={onClose}
      onSubmit={async () => {
        const body = {
          ...(form.state !== complaint.state ? { state: form.state } : {}),
          assignee_staff_id: form.assignee_staff_id || null,
          due_on: form.due_on,
          action_taken: form.action_taken,
        };
        if ('data' in (await update({ id: complaint.id, body }))) onClose();
      }}
    >
      <Typography>{complaint.description}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`desk.complaints.kind.${complaint.complainant_kind}`)}
        {complaint.complainant_name ? ` · ${complaint.complainant_name}` : ''} ·{' '}
        {complaint.created_at.slice(0, 10)}
      </Typography>
      {complaint.can.write && (
        <>
          <ChoiceField
            label={t('desk.complaints.field.state')}
            values={[complaint.state, ...complaint.can.moves]}
            prefix="desk.complaints.state"
            value={form.state}
            onChange={(e) => setForm({ ...form, state: e.target.value })}
          />
          <StaffSelect
            label={t('desk.complaints.field.assignee')}
            value={form.assignee_staff_id}
            onChange={(v) => setForm({ ...form, assignee_staff_id: v })}
            error={failure.fields.assignee_staff_id}
          />
          <TextField
            label={t('desk.complaints.field.due_on')}
            type="date"
            value={form.due_on}
            onChange={(e) => setForm({ ...form, due_on: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('desk.complaints.field.action_taken')}
            value={form.action_taken}
            onChange={(e) => setForm({ ...form, action_taken: e.target.value })}
            error={Boolean(failure.fields.action_taken)}
            helperText={failure.fields.action_taken}
            multiline
            minRows={2}
          />
        </>
      )}
    </FormDialog>
  );
}

/** /complaints: the register (committee complaints only for their members), ageing, filing. */
export default function ComplaintsPage() {
  const { t } = useTranslation();
  const desk = useCan('complaints:write');
  const reads = useCan('complaints:read');
  const setsCommittees = useCan('complaints:committees');
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<Complaint | null>(null);
  const columns: GridColDef<Complaint>[] = [
    {
      field: 'category',
      headerName: t('desk.complaints.field.category'),
      width: 170,
      sortable: false,
      renderCell: (p) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {p.row.restricted && <Lock fontSize="small" titleAccess={t('desk.complaints.restricted')} />}
          <span>{t(`desk.complaints.category.${p.value}`)}</span>
        </Stack>
      ),
    },
    {
      field: 'description',
      headerName: t('desk.complaints.field.description'),
      flex: 1,
      minWidth: 200,
      sortable: false,
    },
    {
      field: 'complainant_kind',
      headerName: t('desk.complaints.field.complainant_kind'),
      width: 120,
      sortable: false,
      valueFormatter: (v: string) => t(`desk.complaints.kind.${v}`),
    },
    { field: 'assignee_name', headerName: t('desk.complaints.field.assignee'), width: 150, sortable: false },
    { field: 'due_on', headerName: t('desk.complaints.field.due_on'), width: 110, sortable: false },
    { field: 'age_days', headerName: t('desk.complaints.field.age'), width: 80, sortable: false },
    {
      field: 'state',
      headerName: t('desk.complaints.field.state'),
      width: 130,
      sortable: false,
      renderCell: (p) => <Chip size="small" label={t(`desk.complaints.state.${p.value}`)} />,
    },
  ];
  return (
    <Stack spacing={2}>
      {reads && <AgeingCard />}
      <ListScreen<Complaint>
        title={t('desk.complaints.title')}
        useList={useComplaintsQuery}
        columns={columns}
        phoneColumns={['category', 'state']}
        exportName="complaints"
        filters={(value, set) => (
          <ChoiceField
            size="small"
            label={t('desk.complaints.field.state')}
            values={['', ...COMPLAINT_STATES]}
            prefix="desk.complaints.state"
            value={value.state ?? ''}
            onChange={(e) => set('state', e.target.value)}
            sx={{ minWidth: 150, width: 'auto' }}
          />
        )}
        actions={
          <>
            {setsCommittees && (
              <Button component={RouterLink} to="/complaints/committees" startIcon={<Groups />}>
                {t('desk.committees.title')}
              </Button>
            )}
            <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
              {t('desk.complaints.new')}
            </Button>
          </>
        }
        empty={<Typography>{t('desk.complaints.empty')}</Typography>}
        onOpen={(row) => setOpen(row)}
      />
      <NewComplaintDialog open={adding} desk={desk} onClose={() => setAdding(false)} />
      {open && <HandleDialog complaint={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
