import EventAvailable from '@mui/icons-material/EventAvailable';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  APPOINTMENT_NEXT,
  APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentStatus,
} from '@schooliko/common/reception/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { formatTime } from '../../app/format-when';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { messageText } from '../../kit/forms/messages';
import { DateField } from '../../kit/forms/when-fields';
import { EmptyState, ListScreen } from '../../kit/lists/list-screen';
import { BookDialog } from './appointments-book-dialog';
import { useAppointmentsQuery, useSetAppointmentStatusMutation } from './reception.api';
import { usePrintPass } from './use-print-pass';

const COLOURS: Record<AppointmentStatus, 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary'> = {
  requested: 'warning',
  confirmed: 'info',
  'checked-in': 'primary',
  completed: 'success',
  cancelled: 'default',
  'no-show': 'error',
};

export function AppointmentChip({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLOURS[status]} label={t(`reception.appointments.status.${status}`)} />;
}

const dayOf = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-IN' : `${lang}-IN`, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
  }).format(new Date(iso));

/** Appointments (/appointments): the day's (or a range's) slots and their states. */
export default function AppointmentsPage() {
  const { t, i18n } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('reception:write') ?? false);
  const [booking, setBooking] = useState(false);
  const [opened, setOpened] = useState<Appointment | null>(null);
  const book = canWrite && (
    <Button variant="contained" startIcon={<EventAvailable />} onClick={() => setBooking(true)}>
      {t('reception.appointments.book')}
    </Button>
  );
  const columns: GridColDef<Appointment>[] = [
    {
      field: 'starts_at',
      headerName: t('reception.appointments.when'),
      width: 170,
      valueFormatter: (_v, row) =>
        `${dayOf(row.starts_at, i18n.language)}, ${formatTime(row.starts_at, i18n.language)}–${formatTime(row.ends_at, i18n.language)}`,
    },
    { field: 'name', headerName: t('reception.visitors.name'), flex: 1, minWidth: 150 },
    { field: 'host_name', headerName: t('reception.appointments.with'), width: 160, sortable: false },
    {
      field: 'purpose',
      headerName: t('reception.visitors.purpose'),
      flex: 1,
      minWidth: 140,
      sortable: false,
    },
    {
      field: 'status',
      headerName: t('reception.visitors.statusLabel'),
      width: 130,
      sortable: false,
      renderCell: (p) => <AppointmentChip status={p.row.status} />,
    },
  ];
  return (
    <>
      <ListScreen<Appointment>
        title={t('reception.appointments.title')}
        useList={useAppointmentsQuery}
        columns={columns}
        phoneColumns={['starts_at', 'name', 'status']}
        exportName="appointments"
        filters={(value, set) => (
          <>
            <DateField
              fullWidth={false}
              label={t('reception.appointments.from')}
              value={value.from}
              onChange={(day) => set('from', day)}
            />
            <DateField
              fullWidth={false}
              label={t('reception.appointments.to')}
              value={value.to}
              onChange={(day) => set('to', day)}
            />
            <TextField
              size="small"
              select
              label={t('reception.visitors.statusLabel')}
              value={value.status ?? ''}
              onChange={(e) => set('status', e.target.value)}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">{t('reception.all')}</MenuItem>
              {APPOINTMENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`reception.appointments.status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        actions={book}
        empty={<EmptyState text={t('reception.appointments.empty')} action={book} />}
        onOpen={setOpened}
      />
      <BookDialog open={booking} desk onClose={() => setBooking(false)} />
      {opened && (
        <AppointmentDialog appointment={opened} canWrite={canWrite} onClose={() => setOpened(null)} />
      )}
    </>
  );
}

const ACTION_ORDER: AppointmentStatus[] = ['confirmed', 'checked-in', 'completed', 'no-show', 'cancelled'];

function AppointmentDialog(props: { appointment: Appointment; canWrite: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [a, setA] = useState(props.appointment);
  const [setStatus, busy] = useSetAppointmentStatusMutation();
  const [asking, setAsking] = useState<AppointmentStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const print = usePrintPass();
  const next = ACTION_ORDER.filter((s) => APPOINTMENT_NEXT[a.status].includes(s));
  const run = async (status: AppointmentStatus) => {
    setError(null);
    try {
      setA(await setStatus({ id: a.id, status }).unwrap());
      setAsking(null);
    } catch (e) {
      const failure = failureOf(e, t('reception.failed'));
      setError(messageText(t, failure.message, failure.coded));
      setAsking(null);
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{a.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <AppointmentChip status={a.status} />
          <Typography variant="body2">
            {dayOf(a.starts_at, i18n.language)}, {formatTime(a.starts_at, i18n.language)}–
            {formatTime(a.ends_at, i18n.language)} · {a.host_name}
          </Typography>
          <Typography variant="body2">{a.purpose}</Typography>
          <Typography variant="body2" color="text.secondary">
            {a.phone}
            {a.email ? ` · ${a.email}` : ''}
            {a.student_name ? ` · ${a.student_name}` : ''}
          </Typography>
          {a.from_parent && (
            <Typography variant="caption">{t('reception.appointments.fromParent')}</Typography>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {print.error && <Alert severity="error">{print.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {a.visitor_id && (
          <Button onClick={() => a.visitor_id && print.open(a.visitor_id)}>
            {t('reception.visitors.printPass')}
          </Button>
        )}
        {props.canWrite &&
          next.map((s) => (
            <Button
              key={s}
              variant={s === 'confirmed' || s === 'checked-in' || s === 'completed' ? 'contained' : 'text'}
              color={s === 'cancelled' || s === 'no-show' ? 'warning' : 'primary'}
              disabled={busy.isLoading}
              onClick={() => (s === 'cancelled' || s === 'no-show' ? setAsking(s) : void run(s))}
            >
              {t(`reception.appointments.actions.${s}`)}
            </Button>
          ))}
        <Button onClick={props.onClose}>{t('reception.close')}</Button>
      </DialogActions>
      {asking && (
        <ConfirmDialog
          title={t(`reception.appointments.actions.${asking}`)}
          text={t('reception.appointments.confirmText', { name: a.name })}
          action={t(`reception.appointments.actions.${asking}`)}
          color="warning"
          busy={busy.isLoading}
          error={null}
          onClose={() => setAsking(null)}
          onConfirm={() => void run(asking)}
        />
      )}
    </Dialog>
  );
}
