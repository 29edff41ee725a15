import EventAvailable from '@mui/icons-material/EventAvailable';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../app/format-when';
import { LoadFailed } from '../../kit/lists/load-failed';
import { BookDialog } from './appointments-book-dialog';
import { AppointmentChip } from './appointments-page';
import { useMyAppointmentsQuery } from './reception.api';

/** A parent's home: ask for a meeting with a teacher or the office, and see their requests. */
export default function AppointmentRequestCard() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const mine = useMyAppointmentsQuery();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {t('reception.appointments.mine')}
          </Typography>
          <Button
            size="small"
            variant="contained"
            startIcon={<EventAvailable />}
            onClick={() => setOpen(true)}
          >
            {t('reception.appointments.request')}
          </Button>
        </Stack>
        {mine.isError && <LoadFailed onRetry={() => mine.refetch()} />}
        {mine.data?.items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('reception.appointments.noneMine')}
          </Typography>
        )}
        <Stack spacing={1}>
          {mine.data?.items.map((a) => (
            <Stack key={a.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                {new Date(a.starts_at).toLocaleDateString(
                  i18n.language === 'en' ? 'en-IN' : `${i18n.language}-IN`,
                  {
                    timeZone: 'Asia/Kolkata',
                    day: 'numeric',
                    month: 'short',
                  },
                )}
                , {formatTime(a.starts_at, i18n.language)} · {a.host_name}
              </Typography>
              <AppointmentChip status={a.status} />
            </Stack>
          ))}
        </Stack>
      </CardContent>
      <BookDialog open={open} desk={false} onClose={() => setOpen(false)} />
    </Card>
  );
}
