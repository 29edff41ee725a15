import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paiseFromRupees } from '@schooliko/common/fees/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { messageText } from '../forms/messages';
import { LoadFailed } from '../lists/load-failed';
import { useBounceFineQuery, useSaveBounceFineMutation } from './exam-fees.api';

/** The fine a bounced cheque or DD adds as a due (Fine page); 0 or empty: none. */
export function BounceFineCard() {
  const { t } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:configure') ?? false);
  const fine = useBounceFineQuery();
  const [text, setText] = useState('');
  useEffect(() => {
    if (fine.data !== undefined) setText(fine.data > 0 ? String(fine.data / 100) : '');
  }, [fine.data]);
  const [save, { isLoading }] = useSaveBounceFineMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const paise = text.trim() === '' ? 0 : paiseFromRupees(text);
  const submit = async () => {
    setMessage(null);
    try {
      await save(paise ?? 0).unwrap();
      setMessage({ ok: true, text: t('fees.messages.bounceFineSaved') });
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setMessage({ ok: false, text: messageText(t, failure.message, failure.coded) });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label={t('fees.bounce.fineTitle')}>
      <Typography variant="h6" component="h2">
        {t('fees.bounce.fineTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('fees.bounce.fineIntro')}
      </Typography>
      {fine.isLoading && <Skeleton variant="rectangular" height={56} />}
      {fine.isError && <LoadFailed onRetry={() => fine.refetch()} />}
      {fine.isSuccess && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <TextField
            size="small"
            label={t('fees.bounce.fineAmount')}
            helperText={t('fees.fine.capHint')}
            value={text}
            error={paise === null}
            disabled={!canWrite}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {canWrite && (
            <Button variant="outlined" disabled={isLoading || paise === null} onClick={() => void submit()}>
              {t('fees.bounce.saveFine')}
            </Button>
          )}
        </Stack>
      )}
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
          {message.text}
        </Alert>
      )}
    </Paper>
  );
}
