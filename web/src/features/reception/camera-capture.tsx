import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Opens the device camera (the back one on a phone when there is one) into `video`. */
export function useCamera(on: boolean) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    setError(null);
    setReady(false);
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('unavailable');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment', width: { ideal: 640 } }, audio: false })
      .then(async (s) => {
        if (stopped) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          await video.current.play().catch(() => undefined);
          setReady(true);
        }
      })
      .catch(() => setError('denied'));
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on]);
  return { video, error, ready };
}

/**
 * The visitor's photo from the device camera: a live preview, Take photo, then the still with
 * Retake. Gives a JPEG file (the upload pipeline checks and re-encodes it on the server).
 */
export function CameraCapture({
  photo,
  onPhoto,
}: {
  photo: File | null;
  onPhoto: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { video, error, ready } = useCamera(open && !photo);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const take = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => blob && onPhoto(new File([blob], 'visitor.jpg', { type: 'image/jpeg' })),
      'image/jpeg',
      0.85,
    );
  };

  if (!open && !photo)
    return (
      <Button variant="outlined" startIcon={<PhotoCamera />} onClick={() => setOpen(true)}>
        {t('reception.visitors.openCamera')}
      </Button>
    );
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {error && (
        <Alert severity="warning">
          {error === 'denied'
            ? t('reception.visitors.cameraDenied')
            : t('reception.visitors.cameraUnavailable')}
        </Alert>
      )}
      <Box
        sx={{
          width: 240,
          maxWidth: '100%',
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {photo && preview ? (
          <Box
            component="img"
            src={preview}
            alt={t('reception.visitors.photo')}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label={t('reception.visitors.cameraPreview')}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
      </Box>
      {photo ? (
        <Button size="small" onClick={() => onPhoto(null)}>
          {t('reception.visitors.retake')}
        </Button>
      ) : (
        <Button size="small" variant="contained" startIcon={<PhotoCamera />} disabled={!ready} onClick={take}>
          {t('reception.visitors.takePhoto')}
        </Button>
      )}
    </Stack>
  );
}
