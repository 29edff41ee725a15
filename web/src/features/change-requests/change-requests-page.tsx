import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  type ChangeRequest,
  type ChangeRequestStatus,
  reviewChangeRequestSchema,
} from '@schooliko/common/people/change-requests';
import { useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { LoadFailed } from '../../kit/lists/load-failed';
import { formatDate } from '../people';
import { useChangeRequestsQuery, useDecideChangeMutation } from './change-requests.api';

const PAGE = 25;

/** Staff review what parents and students asked to change (/student/change-requests). */
export default function ChangeRequestsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ChangeRequestStatus>('pending');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useChangeRequestsQuery({ status, page });
  const pages = data ? Math.max(1, Math.ceil(data.pagination.total / PAGE)) : 1;
  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/student" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        {t('people.back')}
      </Button>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('people.changeRequest.pageTitle')}
      </Typography>
      <Tabs
        value={status}
        onChange={(_e, v: ChangeRequestStatus) => {
          setStatus(v);
          setPage(1);
        }}
      >
        {(['pending', 'approved', 'rejected'] as const).map((s) => (
          <Tab key={s} value={s} label={t(`people.changeRequest.status.${s}`)} />
        ))}
      </Tabs>
      {isLoading && <Skeleton variant="rectangular" height={160} />}
      {isError && <LoadFailed onRetry={() => refetch()} />}
      {data && data.items.length === 0 && (
        <Typography color="text.secondary">{t(`people.changeRequest.none.${status}`)}</Typography>
      )}
      {data?.items.map((r) => (
        <RequestCard key={r.id} request={r} />
      ))}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} />}
    </Stack>
  );
}

function RequestCard({ request: r }: { request: ChangeRequest }) {
  const { t, i18n } = useTranslation();
  const [decide] = useDecideChangeMutation();
  // Approve and Reject send the same note: the button pressed says which.
  const decision = useRef<'approve' | 'reject'>('approve');
  const { form, submit, alert } = useSchemaForm({
    schema: reviewChangeRequestSchema,
    defaultValues: { note: '' },
    fallback: t('lists.failed'),
    send: ({ note }) => decide({ id: r.id, decision: decision.current, note: note ?? '' }).unwrap(),
  });
  const act = (chosen: 'approve' | 'reject') => {
    decision.current = chosen;
    void submit();
  };
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={r.entity_name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, flexGrow: 1 }}>
          {r.entity === 'student' ? (
            <RouterLink to={`/student/${r.entity_id}`}>{r.entity_name}</RouterLink>
          ) : (
            r.entity_name
          )}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`people.changeRequest.entity.${r.entity}`)} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('people.changeRequest.askedBy', {
          name: r.requested_by_name,
          date: formatDate(r.created_at.slice(0, 10), i18n.language),
        })}
      </Typography>
      <Table size="small" sx={{ my: 1 }} aria-label={t('people.changeRequest.changes')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('people.field')}</TableCell>
            <TableCell>{t('people.changeRequest.now')}</TableCell>
            <TableCell>{t('people.changeRequest.asked')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {Object.entries(r.changes).map(([field, value]) => (
            <TableRow key={field}>
              <TableCell>{t(`people.fields.${field}`, { defaultValue: field })}</TableCell>
              <TableCell>{show(r.current[field])}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{show(value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {r.note && <Typography variant="body2">“{r.note}”</Typography>}
      {r.status === 'pending' ? (
        <FormProvider {...form}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}
          >
            <RhfTextField name="note" label={t('people.changeRequest.reviewNote')} sx={{ flexGrow: 1 }} />
            <SubmitButton color="success" onClick={() => act('approve')}>
              {t('people.changeRequest.approve')}
            </SubmitButton>
            <SubmitButton variant="outlined" color="error" onClick={() => act('reject')}>
              {t('people.changeRequest.reject')}
            </SubmitButton>
          </Stack>
        </FormProvider>
      ) : (
        r.review_note && (
          <Typography variant="body2" color="text.secondary">
            {t('people.changeRequest.reviewNote')}: {r.review_note}
          </Typography>
        )
      )}
      <FormAlert text={alert} sx={{ mt: 1 }} />
    </Paper>
  );
}
