import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { checkOutByCodeSchema, type Visitor } from '@schooliko/common/reception/visitors';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { useCamera } from './camera-capture';
import { useCheckOutByCodeMutation } from './reception.api';

/** The browser's barcode reader (Chrome, Edge, Android), where there is one. */
type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;
const detectorClass = (): DetectorClass | null =>
  (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;

/**
 * Check-out at the gate: the camera reads the pass's QR code where the browser can (the
 * BarcodeDetector API); anywhere, the pass number can be typed instead.
 */
export function ScanDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const canScan = detectorClass() !== null;
  const { video, error: cameraError } = useCamera(open && canScan);
  const [checkOut] = useCheckOutByCodeMutation();
  const [done, setDone] = useState<Visitor | null>(null);
  const working = useRef(false);
  const {
    form,
    submit: send,
    alert,
    setAlert,
  } = useSchemaForm({
    schema: checkOutByCodeSchema,
    defaultValues: { code: '' },
    fallback: t('reception.failed'),
    send: async ({ code }) => {
      setDone(await checkOut(code).unwrap());
      form.reset({ code: '' });
    },
  });
  const typed = useWatch({ control: form.control, name: 'code' });

  /** The pass read by the camera, or typed: one at a time. */
  const submit = async (code: string) => {
    if (working.current || !code.trim()) return;
    working.current = true;
    form.setValue('code', code);
    try {
      await send();
    } finally {
      working.current = false;
    }
  };

  const submitNow = useRef(submit);
  submitNow.current = submit;

  useEffect(() => {
    const Reader = detectorClass();
    if (!open || !Reader) return;
    const reader = new Reader({ formats: ['qr_code'] });
    let last = '';
    const timer = setInterval(() => {
      const v = video.current;
      if (!v || v.readyState < 2 || working.current) return;
      reader
        .detect(v)
        .then((codes) => {
          const code = codes[0]?.rawValue;
          if (code && code !== last) {
            last = code;
            void submitNow.current(code);
          }
        })
        .catch(() => undefined);
    }, 400);
    return () => clearInterval(timer);
  }, [open, video]);

  const close = () => {
    setDone(null);
    setAlert(null);
    form.reset({ code: '' });
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{t('reception.visitors.scanTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {done && (
            <Alert severity={done.overstay ? 'warning' : 'success'}>
              {t('reception.visitors.checkedOutText', { name: done.name, pass: done.pass_label })}
              {done.overstay ? ` ${t('reception.visitors.overstayed')}` : ''}
            </Alert>
          )}
          <FormAlert text={alert} />
          {canScan && !cameraError ? (
            <Box
              sx={{
                width: '100%',
                aspectRatio: '4 / 3',
                bgcolor: 'grey.900',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              <Box
                component="video"
                ref={video}
                muted
                playsInline
                aria-label={t('reception.visitors.cameraPreview')}
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            </Box>
          ) : (
            <Alert severity="info">{t('reception.visitors.noScanner')}</Alert>
          )}
          <FormProvider {...form}>
            <Stack
              component="form"
              noValidate
              direction="row"
              spacing={1}
              onSubmit={(e) => {
                e.preventDefault();
                void submit(typed);
              }}
            >
              <RhfTextField
                name="code"
                label={t('reception.visitors.passNo')}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <SubmitButton type="submit" disabled={!typed.trim()}>
                {t('reception.visitors.checkOut')}
              </SubmitButton>
            </Stack>
          </FormProvider>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('reception.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
