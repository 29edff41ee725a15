import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Visitor } from '@schooliko/common/reception/visitors';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
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
  const [checkOut, busy] = useCheckOutByCodeMutation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Visitor | null>(null);
  const working = useRef(false);

  const submit = async (code: string) => {
    if (working.current || !code.trim()) return;
    working.current = true;
    setError(null);
    try {
      setDone(await checkOut(code.trim()).unwrap());
      setTyped('');
    } catch (e) {
      const failure = failureOf(e, t('reception.failed'));
      setError(messageText(t, failure.message, failure.coded));
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
    setError(null);
    setTyped('');
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
          {error && <Alert severity="error">{error}</Alert>}
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
          <Stack
            component="form"
            direction="row"
            spacing={1}
            onSubmit={(e) => {
              e.preventDefault();
              void submit(typed);
            }}
          >
            <TextField
              size="small"
              label={t('reception.visitors.passNo')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Button type="submit" variant="contained" disabled={busy.isLoading || !typed.trim()}>
              {t('reception.visitors.checkOut')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('reception.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
