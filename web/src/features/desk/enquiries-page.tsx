import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  ENQUIRY_MESSAGES,
  ENQUIRY_SOURCES,
  ENQUIRY_STATES,
  type Enquiry,
  type EnquirySource,
  enquiryInputSchema,
  type Funnel,
} from '@schooliko/common/desk/enquiries';
import { GENDERS } from '@schooliko/common/people/fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { ChoiceField, FormDialog, RhfChoiceField, useCan } from '../../kit/forms/form-dialog';
import { RhfTextField } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { ListScreen } from '../../kit/lists/list-screen';
import { LoadFailed } from '../../kit/lists/load-failed';
import { toast } from '../../kit/toast/toast.slice';
import { formatDate, useSchoolClassesQuery } from '../people';
import { useAddEnquiryMutation, useEnquiriesQuery, useFunnelQuery } from './desk.api';
import { EnquiryDialog } from './enquiry-dialog';

const pct = (part: number, whole: number) => (whole ? `${Math.round((part * 100) / whole)}%` : '—');

function FunnelCard() {
  const { t } = useTranslation();
  const funnel = useFunnelQuery();
  // "By class" in the institute's order of classes (Nursery … XII), names it does not have last.
  const order = new Map((useSchoolClassesQuery().data ?? []).map((c) => [c.name, c.sort_order]));
  const rank = (name: string) => order.get(name) ?? Number.MAX_SAFE_INTEGER;
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
      {/* Side by side only where both fit beside the sidebar; each scrolls rather than overflow the page. */}
      <Stack
        direction={{ xs: 'column', xl: 'row' }}
        spacing={2}
        sx={{ '& > *': { minWidth: 0, overflowX: 'auto' } }}
      >
        <Box>
          <Table size="small" aria-label={t('desk.enquiries.funnel.bySource')}>
            {head(t('desk.enquiries.funnel.bySource'))}
            <TableBody>{rows(f.by_source, (k) => t(`desk.enquiries.source.${k}`))}</TableBody>
          </Table>
        </Box>
        <Box>
          <Table size="small" aria-label={t('desk.enquiries.funnel.byClass')}>
            {head(t('desk.enquiries.funnel.byClass'))}
            <TableBody>
              {rows(
                [...f.by_class].sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key)),
                (k) => k,
              )}
            </TableBody>
          </Table>
        </Box>
      </Stack>
    </Paper>
  );
}

type Values = {
  source: EnquirySource;
  student_name: string;
  date_of_birth: string;
  gender: string;
  class_sought: string;
  parent_name: string;
  phone: string;
  email: string;
  message: string;
  next_follow_up_on: string;
};
const EMPTY_ENQUIRY: Values = {
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
  const [add] = useAddEnquiryMutation();
  const dispatch = useAppDispatch();
  const text = useMessageText();
  // The institute's own classes, so the funnel's "By class" counts one name per class (issue 32).
  const classes = useSchoolClassesQuery().data ?? [];
  const schemaForm = useSchemaForm({
    schema: enquiryInputSchema,
    defaultValues: EMPTY_ENQUIRY,
    fallback: 'error',
    send: async (body) => {
      await add(body).unwrap();
      // Every save says so (issue 32): the new enquiry is the list's first row.
      dispatch(toast.success(text(ENQUIRY_MESSAGES.created)));
      close();
    },
  });
  const close = () => {
    schemaForm.reset();
    onClose();
  };
  const field = (name: keyof Values) => ({
    name,
    label: t(`desk.enquiries.field.${name}`),
    size: 'medium' as const,
  });
  return (
    <FormDialog
      open={open}
      title={t('desk.enquiries.new')}
      submit={t('desk.save')}
      form={schemaForm}
      onClose={close}
    >
      <RhfChoiceField<Values> {...field('source')} values={ENQUIRY_SOURCES} prefix="desk.enquiries.source" />
      <RhfTextField<Values> {...field('student_name')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfTextField<Values>
          {...field('class_sought')}
          required
          select={classes.length > 0}
          sx={{ minWidth: 140 }}
        >
          {classes.map((c) => (
            <MenuItem key={c.id} value={c.name}>
              {c.name}
            </MenuItem>
          ))}
        </RhfTextField>
        <RhfDateField<Values> {...field('date_of_birth')} />
        <RhfChoiceField<Values> {...field('gender')} values={GENDERS} prefix="desk.gender" />
      </Stack>
      <RhfTextField<Values> {...field('parent_name')} required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfTextField<Values> {...field('phone')} required inputMode="tel" />
        <RhfTextField<Values> {...field('email')} type="email" />
      </Stack>
      <RhfTextField<Values> {...field('message')} multiline minRows={2} />
      <RhfDateField<Values> {...field('next_follow_up_on')} />
    </FormDialog>
  );
}

/** /admission-enquiry: the public site's and the desk's enquiries, the funnel, follow-ups and Admit. */
export default function EnquiriesPage() {
  const { t, i18n } = useTranslation();
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
      valueFormatter: (v: string | null) => (v ? formatDate(v, i18n.language) : ''),
    },
    {
      field: 'created_at',
      headerName: t('desk.enquiries.field.created_at'),
      width: 110,
      sortable: false,
      valueFormatter: (v: string) => formatDate(v.slice(0, 10), i18n.language),
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
