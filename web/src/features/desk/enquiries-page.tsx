import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  ENQUIRY_MESSAGES,
  ENQUIRY_SOURCES,
  ENQUIRY_STATES,
  type Enquiry,
  type Funnel,
} from '@schooliko/common/desk/enquiries';
import { GENDERS } from '@schooliko/common/people/fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useMessageText } from '../forms/messages';
import { ListScreen } from '../lists/list-screen';
import { LoadFailed } from '../lists/load-failed';
import { toast } from '../toast/toast.slice';
import { useAddEnquiryMutation, useEnquiriesQuery, useFunnelQuery } from './desk.api';
import { ChoiceField, FormDialog, useCan, useFailure } from './desk-kit';
import { EnquiryDialog } from './enquiry-dialog';

const pct = (part: number, whole: number) => (whole ? `${Math.round((part * 100) / whole)}%` : '—');

function FunnelCard() {
  const { t } = useTranslation();
  const funnel = useFunnelQuery();
  if (funnel.isError) return <LoadFailed onRetry={() => funnel.refetch()} />;
  const f: Funnel | undefined = funnel.data;
  if (!f) return null;
  const rows = (list: Funnel['by_source'], label: (k: string) => string) =>
    list.map((r) => (
      <TableRow key={r.key}>
        <TableCell>{label(r.key)}</TableCell>
        <TableCell align="right">{r.total}</TableCell>
        <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
          {r.contacted}
        </TableCell>
        <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
          {r.applied}
        </TableCell>
        <TableCell align="right">{r.admitted}</TableCell>
        <TableCell align="right">{pct(r.admitted, r.total)}</TableCell>
      </TableRow>
    ));
  const head = (first: string) => (
    <TableHead>
      <TableRow>
        <TableCell>{first}</TableCell>
        <TableCell align="right">{t('desk.enquiries.funnel.total')}</TableCell>
        <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
          {t('desk.enquiries.funnel.contacted')}
        </TableCell>
        <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
          {t('desk.enquiries.funnel.applied')}
        </TableCell>
        <TableCell align="right">{t('desk.enquiries.funnel.admitted')}</TableCell>
        <TableCell align="right">{t('desk.enquiries.funnel.conversion')}</TableCell>
      </TableRow>
    </TableHead>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('desk.enquiries.funnel.title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {(['total', 'contacted', 'visited', 'applied', 'admitted', 'lost'] as const).map((k) => (
          <Chip key={k} label={`${t(`desk.enquiries.funnel.${k}`)}: ${f.total[k]}`} variant="outlined" />
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Table size="small" aria-label={t('desk.enquiries.funnel.bySource')}>
          {head(t('desk.enquiries.funnel.bySource'))}
          <TableBody>{rows(f.by_source, (k) => t(`desk.enquiries.source.${k}`))}</TableBody>
        </Table>
        <Table size="small" aria-label={t('desk.enquiries.funnel.byClass')}>
          {head(t('desk.enquiries.funnel.byClass'))}
          <TableBody>{rows(f.by_class, (k) => k)}</TableBody>
        </Table>
      </Stack>
    </Paper>
  );
}

const EMPTY_ENQUIRY = {
  source: 'walk_in',
  student_name: '',
  date_of_birth: '',
  gender: '',
  class_sought: '',
  parent_name: '',
  phone: '',
  email: '',
  message: '',
  next_follow_up_on: '',
};

function NewEnquiryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY_ENQUIRY);
  const [add, { isLoading, error, reset }] = useAddEnquiryMutation();
  const failure = useFailure()(error);
  const dispatch = useAppDispatch();
  const text = useMessageText();
  const field = (name: keyof typeof EMPTY_ENQUIRY) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: Boolean(failure.fields[name]),
    helperText: failure.fields[name],
    label: t(`desk.enquiries.field.${name}`),
    fullWidth: true,
  });
  const close = () => {
    setForm(EMPTY_ENQUIRY);
    reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title={t('desk.enquiries.new')}
      submit={t('desk.save')}
      busy={isLoading}
      error={failure.message}
      onClose={close}
      onSubmit={async () => {
        if (!('data' in (await add(form as never)))) return;
        // Every save says so (issue 32): the new enquiry is the list's first row.
        dispatch(toast.success(text(ENQUIRY_MESSAGES.created)));
        close();
      }}
    >
      <ChoiceField {...field('source')} values={ENQUIRY_SOURCES} prefix="desk.enquiries.source" />
      <TextField {...field('student_name')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('class_sought')} required />
        <TextField {...field('date_of_birth')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
        <ChoiceField {...field('gender')} values={GENDERS} prefix="desk.gender" />
      </Stack>
      <TextField {...field('parent_name')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('phone')} required inputMode="tel" />
        <TextField {...field('email')} type="email" />
      </Stack>
      <TextField {...field('message')} multiline minRows={2} />
      <TextField {...field('next_follow_up_on')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
    </FormDialog>
  );
}

/** /admission-enquiry: the public site's and the desk's enquiries, the funnel, follow-ups and Admit. */
export default function EnquiriesPage() {
  const { t } = useTranslation();
  const canWrite = useCan('reception:write');
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const columns: GridColDef<Enquiry>[] = [
    {
      field: 'student_name',
      headerName: t('desk.enquiries.field.student_name'),
      flex: 1,
      minWidth: 150,
      sortable: false,
    },
    {
      field: 'class_sought',
      headerName: t('desk.enquiries.field.class_sought'),
      width: 110,
      sortable: false,
    },
    {
      field: 'parent_name',
      headerName: t('desk.enquiries.field.parent_name'),
      flex: 1,
      minWidth: 140,
      sortable: false,
    },
    { field: 'phone', headerName: t('desk.enquiries.field.phone'), width: 120, sortable: false },
    {
      field: 'source',
      headerName: t('desk.enquiries.field.source'),
      width: 110,
      sortable: false,
      valueFormatter: (v: string) => t(`desk.enquiries.source.${v}`),
    },
    {
      field: 'state',
      headerName: t('desk.enquiries.field.state'),
      width: 140,
      sortable: false,
      renderCell: (p) => <Chip size="small" label={t(`desk.enquiries.state.${p.value}`)} />,
    },
    {
      field: 'next_follow_up_on',
      headerName: t('desk.enquiries.field.next_follow_up_on'),
      width: 130,
      sortable: false,
    },
    {
      field: 'created_at',
      headerName: t('desk.enquiries.field.created_at'),
      width: 110,
      sortable: false,
      valueFormatter: (v: string) => v.slice(0, 10),
    },
  ];
  return (
    <Stack spacing={2}>
      <FunnelCard />
      <ListScreen<Enquiry>
        title={t('desk.enquiries.title')}
        useList={useEnquiriesQuery}
        columns={columns}
        phoneColumns={['student_name', 'state']}
        exportPath="/admission-enquiries/export"
        exportName="enquiries"
        filters={(value, set) => (
          <>
            <ChoiceField
              size="small"
              label={t('desk.enquiries.field.state')}
              values={['', ...ENQUIRY_STATES]}
              prefix="desk.enquiries.state"
              value={value.state ?? ''}
              onChange={(e) => set('state', e.target.value)}
              sx={{ minWidth: 150, width: 'auto' }}
            />
            <ChoiceField
              size="small"
              label={t('desk.enquiries.field.source')}
              values={['', ...ENQUIRY_SOURCES]}
              prefix="desk.enquiries.source"
              value={value.source ?? ''}
              onChange={(e) => set('source', e.target.value)}
              sx={{ minWidth: 150, width: 'auto' }}
            />
          </>
        )}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
              {t('desk.enquiries.new')}
            </Button>
          )
        }
        empty={<Typography>{t('desk.enquiries.empty')}</Typography>}
        onOpen={(row) => setOpen(row.id)}
      />
      <NewEnquiryDialog open={adding} onClose={() => setAdding(false)} />
      {open && <EnquiryDialog id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
