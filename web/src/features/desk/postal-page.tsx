import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { POSTAL_DIRECTIONS, POSTAL_MODES, type PostalEntry } from '@schooliko/common/desk/postal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../lists/list-screen';
import { useAddPostalMutation, usePostalQuery } from './desk.api';
import { ChoiceField, FormDialog, today, useCan, useFailure } from './desk-kit';
import { postalColumns } from './postal-columns';
import { EntryDialog } from './postal-entry-dialog';
import { ScanPicker, useScanUpload } from './postal-scan';
import { StaffSelect } from './staff-select';

const EMPTY = {
  direction: 'inward',
  on: '',
  reference_no: '',
  party_name: '',
  party_address: '',
  subject: '',
  mode: 'post',
  tracking_no: '',
  confidential: false,
  addressee_staff_id: '',
};

function NewEntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ ...EMPTY, on: today() });
  const [add, { isLoading, error, reset }] = useAddPostalMutation();
  const [saved, setSaved] = useState<number | null>(null);
  const [scan, setScan] = useState<File | null>(null);
  const scanUpload = useScanUpload();
  const failure = useFailure()(error);
  const field = (name: Exclude<keyof typeof EMPTY, 'confidential'>) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: Boolean(failure.fields[name]),
    helperText: failure.fields[name],
    label: t(`desk.postal.field.${name}`),
    fullWidth: true,
  });
  const close = () => {
    setForm({ ...EMPTY, on: today() });
    setSaved(null);
    setScan(null);
    scanUpload.reset();
    reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title={t('desk.postal.new')}
      submit={t('desk.save')}
      busy={isLoading || scanUpload.progress !== null}
      error={failure.message}
      onClose={close}
      onSubmit={async () => {
        scanUpload.reset();
        const res = await add(form as never);
        if ('data' in res && res.data) {
          setSaved(res.data.serial_no);
          setForm({ ...EMPTY, on: today(), direction: form.direction });
          // The entry is kept even if its scan is refused: the refusal shows, and the entry's own
          // dialog attaches another file.
          if (scan && !res.data.confidential && (await scanUpload.upload(res.data.id, scan))) setScan(null);
        }
      }}
    >
      {saved !== null && <Chip color="success" label={t('desk.postal.saved', { serial: saved })} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ChoiceField {...field('direction')} values={POSTAL_DIRECTIONS} prefix="desk.postal.direction" />
        <TextField {...field('on')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      <TextField {...field('party_name')} required />
      <TextField {...field('party_address')} />
      <TextField {...field('subject')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('reference_no')} />
        <ChoiceField {...field('mode')} values={POSTAL_MODES} prefix="desk.postal.mode" />
        <TextField {...field('tracking_no')} />
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={form.confidential}
            onChange={(e) => setForm({ ...form, confidential: e.target.checked })}
          />
        }
        label={t('desk.postal.field.confidential')}
      />
      {/* Inward post is for someone (told in the app, listed under their own post); confidential needs them. */}
      {(form.direction === 'inward' || form.confidential) && (
        <StaffSelect
          label={t('desk.postal.field.addressee_staff_id')}
          value={form.addressee_staff_id}
          onChange={(v) => setForm({ ...form, addressee_staff_id: v })}
          error={failure.fields.addressee_staff_id}
        />
      )}
      {form.confidential ? (
        <Typography variant="body2" color="text.secondary">
          {t('desk.postal.confidentialNoScan')}
        </Typography>
      ) : (
        <ScanPicker file={scan} onChange={setScan} progress={scanUpload.progress} error={scanUpload.error} />
      )}
    </FormDialog>
  );
}

/** /postal-records: the inward and dispatch register, numbered per year. */
export default function PostalPage() {
  const { t } = useTranslation();
  const canWrite = useCan('reception:write');
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState<PostalEntry | null>(null);
  const columns = postalColumns(t, [
    'serial_no',
    'on',
    'direction',
    'party_name',
    'reference_no',
    'mode',
    'tracking_no',
    'scan',
    'state',
  ]);
  return (
    <>
      <ListScreen<PostalEntry>
        title={t('desk.postal.title')}
        useList={usePostalQuery}
        columns={columns}
        phoneColumns={['serial_no', 'party_name']}
        exportName="postal-records"
        filters={(value, set) => (
          <ChoiceField
            size="small"
            label={t('desk.postal.field.direction')}
            values={['', ...POSTAL_DIRECTIONS]}
            prefix="desk.postal.direction"
            value={value.direction ?? ''}
            onChange={(e) => set('direction', e.target.value)}
            sx={{ minWidth: 150, width: 'auto' }}
          />
        )}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
              {t('desk.postal.new')}
            </Button>
          )
        }
        empty={<Typography>{t('desk.postal.empty')}</Typography>}
        onOpen={(row) => setOpened(row)}
      />
      <NewEntryDialog open={adding} onClose={() => setAdding(false)} />
      {opened && <EntryDialog entry={opened} canWrite={canWrite} onClose={() => setOpened(null)} />}
    </>
  );
}
