import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  POSTAL_DIRECTIONS,
  POSTAL_MODES,
  type PostalDirection,
  type PostalEntry,
  type PostalMode,
  postalInputSchema,
} from '@schooliko/common/desk/postal';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceField, FormDialog, RhfChoiceField, useCan } from '../../kit/forms/form-dialog';
import { RhfTextField } from '../../kit/forms/form-fields';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField, RhfDateField } from '../../kit/forms/typed-fields';
import { ListScreen } from '../../kit/lists/list-screen';
import { useAddPostalMutation, usePostalQuery } from './desk.api';
import { postalColumns } from './postal-columns';
import { EntryDialog } from './postal-entry-dialog';
import { ScanPicker, useScanUpload } from './postal-scan';
import { StaffSelect } from './staff-select';

type Values = {
  direction: PostalDirection;
  on: string;
  reference_no: string;
  party_name: string;
  party_address: string;
  subject: string;
  mode: PostalMode;
  tracking_no: string;
  confidential: boolean;
  addressee_staff_id: string;
};
const empty = (direction: PostalDirection = 'inward'): Values => ({
  direction,
  on: todayInIndia(),
  reference_no: '',
  party_name: '',
  party_address: '',
  subject: '',
  mode: 'post',
  tracking_no: '',
  confidential: false,
  addressee_staff_id: '',
});

function NewEntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [add] = useAddPostalMutation();
  const [saved, setSaved] = useState<number | null>(null);
  const [scan, setScan] = useState<File | null>(null);
  const scanUpload = useScanUpload();
  const schemaForm = useSchemaForm({
    schema: postalInputSchema,
    defaultValues: empty(),
    fallback: 'error',
    send: async (body) => {
      scanUpload.reset();
      const entry = await add(body).unwrap();
      setSaved(entry.serial_no);
      schemaForm.form.reset(empty(body.direction));
      // The entry is kept even if its scan is refused: the refusal shows, and the entry's own
      // dialog attaches another file.
      if (scan && !entry.confidential && (await scanUpload.upload(entry.id, scan))) setScan(null);
    },
  });
  const [direction, confidential] = useWatch({
    control: schemaForm.form.control,
    name: ['direction', 'confidential'],
  });
  const field = (name: Exclude<keyof Values, 'confidential'>) => ({
    name,
    label: t(`desk.postal.field.${name}`),
    size: 'medium' as const,
  });
  const close = () => {
    schemaForm.reset();
    setSaved(null);
    setScan(null);
    scanUpload.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title={t('desk.postal.new')}
      submit={t('desk.save')}
      form={schemaForm}
      disabled={scanUpload.progress !== null}
      onClose={close}
    >
      {saved !== null && <Chip color="success" label={t('desk.postal.saved', { serial: saved })} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfChoiceField<Values>
          {...field('direction')}
          values={POSTAL_DIRECTIONS}
          prefix="desk.postal.direction"
        />
        <RhfDateField<Values> {...field('on')} />
      </Stack>
      <RhfTextField<Values> {...field('party_name')} required />
      <RhfTextField<Values> {...field('party_address')} />
      <RhfTextField<Values> {...field('subject')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfTextField<Values> {...field('reference_no')} />
        <RhfChoiceField<Values> {...field('mode')} values={POSTAL_MODES} prefix="desk.postal.mode" />
        <RhfTextField<Values> {...field('tracking_no')} />
      </Stack>
      <RhfCheckField<Values> name="confidential" label={t('desk.postal.field.confidential')} />
      {/* Inward post is for someone (told in the app, listed under their own post); confidential needs them. */}
      {(direction === 'inward' || confidential) && <StaffSelect<Values> {...field('addressee_staff_id')} />}
      {confidential ? (
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
