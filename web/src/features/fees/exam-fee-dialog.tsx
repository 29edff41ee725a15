import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatRupees, paiseFromRupees } from '@schooliko/common/fees/money';
import type { AcademicYear } from '@schooliko/common/people/classes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { useSchoolClassesQuery } from '../people/people.api';
import { useAddExamFeeMutation } from './exam-fees.api';
import { useFeeHeadsQuery } from './fees.api';

/**
 * An exam fee: its name, an Exam fee type, the due date, the classes and what each pays (one
 * amount for all, or one per class). Saving bills every enrolled student of those classes once.
 */
export function ExamFeeDialog({
  year,
  onClose,
  onStarted,
}: {
  year: AcademicYear;
  onClose: () => void;
  onStarted: (jobId: string) => void;
}) {
  const { t } = useTranslation();
  const { data: classes = [] } = useSchoolClassesQuery();
  const heads = (useFeeHeadsQuery().data ?? []).filter((h) => h.active && h.category === 'exam');
  const [name, setName] = useState('');
  const [headId, setHeadId] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [same, setSame] = useState(true);
  const [amount, setAmount] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [add, { isLoading }] = useAddExamFeeMutation();
  const [error, setError] = useState<string | null>(null);

  const picked = classes.filter((c) => c.id in chosen);
  const lines = picked.map((c) => ({
    class_id: c.id,
    amount_paise: paiseFromRupees(same ? amount : (chosen[c.id] ?? '')) ?? 0,
  }));
  const ready =
    name.trim().length >= 2 &&
    headId !== '' &&
    dueOn !== '' &&
    lines.length > 0 &&
    lines.every((l) => l.amount_paise > 0);
  const toggle = (id: string) =>
    setChosen((c) => {
      const next = { ...c };
      if (id in next) delete next[id];
      else next[id] = '';
      return next;
    });

  const submit = async () => {
    setError(null);
    try {
      const answer = await add({
        academic_year_id: year.id,
        name: name.trim(),
        head_id: headId,
        due_on: dueOn,
        classes: lines,
      }).unwrap();
      onStarted(answer.job_id);
    } catch (e) {
      setConfirming(false);
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('fees.exams.addTitle', { year: year.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {heads.length === 0 && <Alert severity="info">{t('fees.exams.noHead')}</Alert>}
          <TextField
            label={t('fees.exams.name')}
            placeholder={t('fees.exams.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            fullWidth
          />
          <TextField
            select
            label={t('fees.exams.head')}
            value={headId}
            onChange={(e) => setHeadId(e.target.value)}
            required
            fullWidth
          >
            {heads.map((h) => (
              <MenuItem key={h.id} value={h.id}>
                {h.name} ({h.code})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={t('fees.exams.due')}
            value={dueOn}
            onChange={(e) => setDueOn(e.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormControlLabel
            control={<Switch checked={same} onChange={(e) => setSame(e.target.checked)} />}
            label={t('fees.exams.sameAmount')}
          />
          {same && (
            <TextField
              label={t('fees.counter.amountRupees')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amount !== '' && paiseFromRupees(amount) === null}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          )}
          <Typography variant="subtitle2">{t('fees.exams.classes')}</Typography>
          <Stack spacing={0.5}>
            {classes.map((c) => (
              <Stack key={c.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <FormControlLabel
                  sx={{ flexGrow: 1 }}
                  control={<Checkbox checked={c.id in chosen} onChange={() => toggle(c.id)} />}
                  label={t('fees.structures.of', { class: c.name })}
                />
                {!same && c.id in chosen && (
                  <TextField
                    size="small"
                    label={t('fees.counter.amountRupees')}
                    value={chosen[c.id]}
                    onChange={(e) => setChosen((x) => ({ ...x, [c.id]: e.target.value }))}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${c.name} ₹` } }}
                    sx={{ width: 130 }}
                  />
                )}
              </Stack>
            ))}
          </Stack>
          {confirming && (
            <Alert severity="warning">
              {t('fees.exams.confirm', {
                count: lines.length,
                total: formatRupees(lines.reduce((a, l) => a + l.amount_paise, 0)),
              })}
            </Alert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('people.cancel')}
        </Button>
        {confirming ? (
          <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
            {t('fees.exams.bill', { count: lines.length })}
          </Button>
        ) : (
          <Button variant="contained" disabled={!ready} onClick={() => setConfirming(true)}>
            {t('fees.exams.review')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
