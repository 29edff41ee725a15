import Add from '@mui/icons-material/Add';
import Groups from '@mui/icons-material/GroupsOutlined';
import Lock from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  COMPLAINANT_KINDS,
  COMPLAINT_CATEGORIES,
  COMPLAINT_STATES,
  type Complaint,
  type ComplaintCategory,
  type ComplaintState,
  complaintInputSchema,
  complaintUpdateSchema,
} from '@schooliko/common/desk/complaints';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ChoiceField, FormDialog, RhfChoiceField, useCan } from '../../kit/forms/form-dialog';
import { RhfTextField } from '../../kit/forms/form-fields';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { ListScreen } from '../../kit/lists/list-screen';
import { LoadFailed } from '../../kit/lists/load-failed';
import {
  useAddComplaintMutation,
  useAgeingQuery,
  useComplaintsQuery,
  useUpdateComplaintMutation,
} from './desk.api';
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

type NewValues = {
  category: ComplaintCategory;
  complainant_kind: (typeof COMPLAINANT_KINDS)[number];
  complainant_name: string;
  complainant_phone: string;
  description: string;
};
const EMPTY: NewValues = {
  category: 'facilities',
  complainant_kind: 'public',
  complainant_name: '',
  complainant_phone: '',
  description: '',
};

function NewComplaintDialog({ open, desk, onClose }: { open: boolean; desk: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [add] = useAddComplaintMutation();
  const schemaForm = useSchemaForm({
    schema: complaintInputSchema,
    defaultValues: EMPTY,
    // Only the desk says who complained; anyone else files in their own name.
    toInput: (v: NewValues) => (desk ? v : { category: v.category, description: v.description }),
    fallback: 'error',
    send: async (body) => {
      await add(body).unwrap();
      close();
    },
  });
  const close = () => {
    schemaForm.reset();
    onClose();
  };
  const category = useWatch({ control: schemaForm.form.control, name: 'category' });
  const field = (name: keyof NewValues) => ({
    name,
    label: t(`desk.complaints.field.${name}`),
    size: 'medium' as const,
  });
  const restricted = category === 'pocso' || category === 'posh';
  return (
    <FormDialog
      open={open}
      title={t('desk.complaints.new')}
      submit={t('desk.complaints.file')}
      form={schemaForm}
      onClose={close}
    >
      <RhfChoiceField<NewValues>
        {...field('category')}
        values={COMPLAINT_CATEGORIES}
        prefix="desk.complaints.category"
      />
      {restricted && <Alert severity="info">{t('desk.complaints.restrictedHint')}</Alert>}
      {desk && (
        <>
          <RhfChoiceField<NewValues>
            {...field('complainant_kind')}
            values={COMPLAINANT_KINDS}
            prefix="desk.complaints.kind"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <RhfTextField<NewValues> {...field('complainant_name')} />
            <RhfTextField<NewValues> {...field('complainant_phone')} />
          </Stack>
        </>
      )}
      <RhfTextField<NewValues> {...field('description')} multiline minRows={3} required />
    </FormDialog>
  );
}

type HandleValues = {
  state: ComplaintState;
  assignee_staff_id: string;
  due_on: string;
  action_taken: string;
};

function HandleDialog({ complaint, onClose }: { complaint: Complaint; onClose: () => void }) {
  const { t } = useTranslation();
  const [update] = useUpdateComplaintMutation();
  const schemaForm = useSchemaForm({
    schema: complaintUpdateSchema,
    defaultValues: {
      state: complaint.state,
      assignee_staff_id: complaint.assignee_staff_id ?? '',
      due_on: complaint.due_on ?? '',
      action_taken: complaint.action_taken,
    } satisfies HandleValues,
    // The state is sent only when it moves.
    toInput: ({ state, ...v }: HandleValues) => ({
      ...(state !== complaint.state ? { state } : {}),
      ...v,
      assignee_staff_id: v.assignee_staff_id || null,
    }),
    fallback: 'error',
    send: async (body) => {
      await update({ id: complaint.id, body }).unwrap();
      onClose();
    },
  });
  return (
    <FormDialog
      open
      title={t(`desk.complaints.category.${complaint.category}`)}
      submit={t('desk.save')}
      form={schemaForm}
      disabled={!complaint.can.write}
      onClose={onClose}
    >
      <Typography>{complaint.description}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`desk.complaints.kind.${complaint.complainant_kind}`)}
        {complaint.complainant_name ? ` · ${complaint.complainant_name}` : ''} ·{' '}
        {complaint.created_at.slice(0, 10)}
      </Typography>
      {complaint.can.write && (
        <>
          <RhfChoiceField<HandleValues>
            name="state"
            label={t('desk.complaints.field.state')}
            values={[complaint.state, ...complaint.can.moves]}
            prefix="desk.complaints.state"
          />
          <StaffSelect<HandleValues> name="assignee_staff_id" label={t('desk.complaints.field.assignee')} />
          <RhfDateField<HandleValues> name="due_on" size="medium" label={t('desk.complaints.field.due_on')} />
          <RhfTextField<HandleValues>
            name="action_taken"
            size="medium"
            label={t('desk.complaints.field.action_taken')}
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
