import Lock from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PostalEntry, postalCancelSchema, postalSerial } from '@schooliko/common/desk/postal';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../kit/forms/form-dialog';
import { RhfTextField } from '../../kit/forms/form-fields';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { useCancelPostalMutation } from './desk.api';
import { OpenScanButton, type PostalReach, ScanPicker, sizeOf, useScanUpload } from './postal-scan';

/** How the register numbers an entry: IN/2026-27/12, OUT/2026-27/3. */
function CancelDialog({ entry, onClose }: { entry: PostalEntry; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [cancel] = useCancelPostalMutation();
  const schemaForm = useSchemaForm({
    schema: postalCancelSchema,
    defaultValues: { reason: '' },
    fallback: 'error',
    send: async ({ reason }) => {
      await cancel({ id: entry.id, reason }).unwrap();
      onClose(true);
    },
  });
  const reason = useWatch({ control: schemaForm.form.control, name: 'reason' });
  return (
    <FormDialog
      open
      title={t('desk.postal.cancelTitle', { serial: entry.serial_no })}
      submit={t('desk.postal.cancel')}
      form={schemaForm}
      disabled={!reason.trim()}
      onClose={() => onClose(false)}
    >
      <Typography>{t('desk.postal.cancelHint')}</Typography>
      <RhfTextField name="reason" size="medium" label={t('desk.postal.reason')} required />
    </FormDialog>
  );
}

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Typography variant="body2">
      <Typography component="span" variant="body2" color="text.secondary">
        {label}:{' '}
      </Typography>
      {value}
    </Typography>
  );
}

/**
 * One entry of the register: its details and scanned copy (opened in a new tab); a writer attaches
 * or replaces the scan, or cancels the entry (asked first, with a reason).
 */
export function EntryDialog({
  entry: initial,
  canWrite,
  reach = 'register',
  onClose,
}: {
  entry: PostalEntry;
  canWrite: boolean;
  reach?: PostalReach;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [entry, setEntry] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const scan = useScanUpload();
  const writable = canWrite && entry.state === 'recorded';
  const attach = async () => {
    if (!file) return;
    const updated = await scan.upload(entry.id, file);
    if (updated) {
      setEntry(updated);
      setFile(null);
    }
  };
  return (
    <>
      <Dialog open={!cancelling} onClose={onClose} fullWidth maxWidth="sm">
        <DialogTitle>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {entry.confidential && (
              <Lock fontSize="small" titleAccess={t('desk.postal.field.confidential')} />
            )}
            <span>{t('desk.postal.entryTitle', { serial: postalSerial(entry) })}</span>
          </Stack>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Chip size="small" label={t(`desk.postal.direction.${entry.direction}`)} />
              <Chip size="small" label={t(`desk.postal.mode.${entry.mode}`)} />
              <Chip size="small" label={t(`desk.postal.state.${entry.state}`)} />
            </Stack>
            <Line label={t('desk.postal.field.party_name')} value={entry.party_name} />
            <Line label={t('desk.postal.field.party_address')} value={entry.party_address} />
            <Line label={t('desk.postal.field.subject')} value={entry.subject} />
            <Line label={t('desk.postal.field.on')} value={entry.on} />
            <Line label={t('desk.postal.field.reference_no')} value={entry.reference_no} />
            <Line label={t('desk.postal.field.tracking_no')} value={entry.tracking_no} />
            <Line label={t('desk.postal.field.addressee_staff_id')} value={entry.addressee_name} />
            <Typography variant="subtitle2" component="h3">
              {t('desk.postal.scan.title')}
            </Typography>
            {entry.scan ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <OpenScanButton entry={entry} reach={reach} />
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {`${entry.scan.name} · ${sizeOf(entry.scan.bytes)}`}
                </Typography>
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('desk.postal.scan.none')}
              </Typography>
            )}
            {writable && (
              <>
                <ScanPicker
                  file={file}
                  onChange={setFile}
                  label={entry.scan ? t('desk.postal.scan.replace') : t('desk.postal.scan.attach')}
                  progress={scan.progress}
                  error={scan.error}
                />
                {file && (
                  <Button
                    variant="contained"
                    onClick={attach}
                    disabled={scan.progress !== null}
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    {t('desk.postal.scan.upload')}
                  </Button>
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {writable && (
            <Button color="error" onClick={() => setCancelling(true)} sx={{ mr: 'auto' }}>
              {t('desk.postal.cancel')}
            </Button>
          )}
          <Button onClick={onClose}>{t('desk.close')}</Button>
        </DialogActions>
      </Dialog>
      {cancelling && (
        <CancelDialog entry={entry} onClose={(done) => (done ? onClose() : setCancelling(false))} />
      )}
    </>
  );
}
