import ChildCare from '@mui/icons-material/ChildCare';
import Logout from '@mui/icons-material/Logout';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Print from '@mui/icons-material/Print';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Visitor } from '@schooliko/common/reception/visitors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { formatTime } from '../../app/format-when';
import { useAppSelector } from '../../app/hooks';
import { PhotoAvatar } from '../../app/photo-avatar';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { messageText } from '../../kit/forms/messages';
import { DateField } from '../../kit/forms/when-fields';
import { openFile } from '../../kit/lists/download';
import { EmptyState, ListScreen } from '../../kit/lists/list-screen';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useCheckOutMutation, usePickupsQuery, useVisitorsQuery } from './reception.api';
import { usePrintPass } from './use-print-pass';
import { CheckInDialog } from './visitors-check-in-dialog';
import { PickupDialog } from './visitors-pickup-dialog';
import { ScanDialog } from './visitors-scan-dialog';

function StatusChip({ v }: { v: Visitor }) {
  const { t } = useTranslation();
  const status = t(`reception.visitors.status.${v.status}`);
  return (
    <Chip
      size="small"
      color={v.overstay ? 'warning' : v.status === 'in' ? 'success' : 'default'}
      label={v.overstay ? `${status} · ${t('reception.visitors.overstay')}` : status}
    />
  );
}

/** Visitors (/visitors): the day's register, check-in with a pass, check-out by QR or the list, pick-ups. */
export default function VisitorsPage() {
  const { t, i18n } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('reception:write') ?? false);
  const token = useAppSelector((s) => s.auth.accessToken);
  // The desk's one open dialog at a time: check-in, the pass scanner or a pick-up.
  const [dialog, setDialog] = useState<'checkIn' | 'scan' | 'pickup' | null>(null);
  const close = () => setDialog(null);
  const checkIn = canWrite && (
    <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setDialog('checkIn')}>
      {t('reception.visitors.checkIn')}
    </Button>
  );
  const [opened, setOpened] = useState<Visitor | null>(null);
  const [date, setDate] = useState('');
  const [printError, setPrintError] = useState<string | null>(null);

  const columns: GridColDef<Visitor>[] = [
    {
      field: 'pass_no',
      headerName: t('reception.visitors.passNo'),
      width: 150,
      valueGetter: (_v, row) => row.pass_label,
    },
    { field: 'name', headerName: t('reception.visitors.name'), flex: 1, minWidth: 150 },
    { field: 'phone', headerName: t('reception.visitors.phone'), width: 120, sortable: false },
    {
      field: 'purpose',
      headerName: t('reception.visitors.purpose'),
      flex: 1,
      minWidth: 140,
      sortable: false,
    },
    { field: 'host_name', headerName: t('reception.visitors.toMeet'), width: 150, sortable: false },
    {
      field: 'checked_in_at',
      headerName: t('reception.visitors.timeIn'),
      width: 100,
      valueFormatter: (v: string) => formatTime(v, i18n.language),
    },
    {
      field: 'checked_out_at',
      headerName: t('reception.visitors.timeOut'),
      width: 100,
      sortable: false,
      valueFormatter: (v: string | null) => (v ? formatTime(v, i18n.language) : '—'),
    },
    {
      field: 'status',
      headerName: t('reception.visitors.statusLabel'),
      width: 150,
      sortable: false,
      renderCell: (p) => <StatusChip v={p.row} />,
    },
  ];

  return (
    <Stack spacing={3}>
      <ListScreen<Visitor>
        title={t('reception.visitors.title')}
        useList={useVisitorsQuery}
        columns={columns}
        card={{
          title: 'name',
          subtitle: ['pass_no', 'purpose'],
          facts: ['status', 'host_name', 'checked_in_at', 'checked_out_at'],
        }}
        exportPath="/visitors/export"
        exportName="visitors"
        filters={(value, set) => (
          <>
            <DateField
              fullWidth={false}
              label={t('reception.visitors.date')}
              value={value.date}
              onChange={(day) => {
                set('date', day);
                setDate(day);
              }}
            />
            <TextField
              size="small"
              select
              label={t('reception.visitors.statusLabel')}
              value={value.status ?? ''}
              onChange={(e) => set('status', e.target.value)}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="">{t('reception.all')}</MenuItem>
              <MenuItem value="in">{t('reception.visitors.status.in')}</MenuItem>
              <MenuItem value="out">{t('reception.visitors.status.out')}</MenuItem>
            </TextField>
            <TextField
              size="small"
              select
              label={t('reception.visitors.overstay')}
              value={value.overstay ?? ''}
              onChange={(e) => set('overstay', e.target.value)}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="">{t('reception.all')}</MenuItem>
              <MenuItem value="true">{t('reception.visitors.onlyOverstays')}</MenuItem>
            </TextField>
          </>
        )}
        actions={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {checkIn}
            {canWrite && (
              <Button variant="outlined" startIcon={<QrCodeScanner />} onClick={() => setDialog('scan')}>
                {t('reception.visitors.scan')}
              </Button>
            )}
            {canWrite && (
              <Button variant="outlined" startIcon={<ChildCare />} onClick={() => setDialog('pickup')}>
                {t('reception.pickups.title')}
              </Button>
            )}
            <Button
              startIcon={<Print />}
              onClick={() => {
                setPrintError(null);
                openFile(`/visitors/register.pdf${date ? `?date=${date}` : ''}`, token).catch((e: Error) =>
                  setPrintError(e.message),
                );
              }}
            >
              {t('reception.visitors.register')}
            </Button>
          </Stack>
        }
        empty={<EmptyState text={t('reception.visitors.empty')} action={checkIn} />}
        onOpen={setOpened}
      />
      {printError && <Alert severity="error">{printError}</Alert>}
      <PickupsToday date={date} />
      <CheckInDialog open={dialog === 'checkIn'} onClose={close} />
      <ScanDialog open={dialog === 'scan'} onClose={close} />
      <PickupDialog open={dialog === 'pickup'} onClose={close} />
      {opened && <VisitorDialog visitor={opened} canWrite={canWrite} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

function VisitorDialog({
  visitor,
  canWrite,
  onClose,
}: {
  visitor: Visitor;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const print = usePrintPass();
  const [checkOut, busy] = useCheckOutMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [v, setV] = useState(visitor);
  const rows: [string, string][] = [
    [t('reception.visitors.phone'), v.phone],
    [t('reception.visitors.purpose'), v.purpose],
    [t('reception.visitors.toMeet'), v.host_name ?? '—'],
    [
      t('reception.visitors.student'),
      v.student_name ? `${v.student_name} (${t(`reception.relations.${v.relation ?? 'other'}`)})` : '—',
    ],
    [t('reception.visitors.persons'), String(v.persons)],
    [
      t('reception.visitors.idProof'),
      v.id_proof_type === 'none'
        ? '—'
        : `${t(`reception.idProofs.${v.id_proof_type}`)} ×××× ${v.id_proof_last4}`,
    ],
    [t('reception.visitors.timeIn'), formatTime(v.checked_in_at, i18n.language)],
    [t('reception.visitors.timeOut'), v.checked_out_at ? formatTime(v.checked_out_at, i18n.language) : '—'],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <PhotoAvatar url={v.photo_url} alt={v.name} sx={{ width: 48, height: 48 }} />
          <span>
            {v.name}
            <Typography variant="body2" color="text.secondary">
              {v.pass_label}
            </Typography>
          </span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <StatusChip v={v} />
          {rows.map(([k, value]) => (
            <Stack key={k} direction="row" spacing={1}>
              <Typography variant="body2" color="text.secondary" sx={{ width: 110, flexShrink: 0 }}>
                {k}
              </Typography>
              <Typography variant="body2">{value}</Typography>
            </Stack>
          ))}
          {print.error && <Alert severity="error">{print.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<Print />} onClick={() => print.open(v.id)}>
          {t('reception.visitors.printPass')}
        </Button>
        {canWrite && v.status === 'in' && (
          <Button variant="contained" startIcon={<Logout />} onClick={() => setConfirming(true)}>
            {t('reception.visitors.checkOut')}
          </Button>
        )}
        <Button onClick={onClose}>{t('reception.close')}</Button>
      </DialogActions>
      {confirming && (
        <ConfirmDialog
          title={t('reception.visitors.checkOut')}
          text={t('reception.visitors.checkOutConfirm', { name: v.name, pass: v.pass_label })}
          action={t('reception.visitors.checkOut')}
          busy={busy.isLoading}
          error={error}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            setError(null);
            try {
              setV(await checkOut(v.id).unwrap());
              setConfirming(false);
            } catch (e) {
              const failure = failureOf(e, t('reception.failed'));
              setError(messageText(t, failure.message, failure.coded));
            }
          }}
        />
      )}
    </Dialog>
  );
}

function PickupsToday({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const list = usePickupsQuery(date ? { date, limit: 50 } : { limit: 50 });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('reception.pickups.today')}
      </Typography>
      {list.isLoading && <Typography color="text.secondary">{t('reception.loading')}</Typography>}
      {list.isError && <LoadFailed onRetry={() => list.refetch()} />}
      {list.data && list.data.items.length === 0 && (
        <Typography color="text.secondary">{t('reception.pickups.none')}</Typography>
      )}
      <Stack spacing={0.5}>
        {list.data?.items.map((p) => (
          <Stack key={p.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ width: 70 }}>
              {formatTime(p.picked_up_at, i18n.language)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {p.student_name}
              {p.class_label ? ` (${p.class_label})` : ''}
            </Typography>
            <Typography variant="body2">— {p.person_name}</Typography>
            <Chip
              size="small"
              color={p.allowed ? 'success' : 'error'}
              label={p.allowed ? t('reception.pickups.left') : t('reception.pickups.refused')}
            />
            <Typography variant="caption" color="text.secondary">
              {t('reception.pickups.by', { name: p.recorded_by_name })}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
