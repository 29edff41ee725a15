import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  EXAM_MESSAGES,
  type GradingScale,
  type GradingScaleInput,
  gradingScaleInputSchema,
} from '@schooliko/common/academics/exams';
import { CBSE_SCALE } from '@schooliko/common/academics/grading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { messageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useAddScaleMutation, useChangeScaleMutation } from './exams.api';

type Band = { grade: string; min: string; max: string; point: string; remark: string };
const MAX_BANDS = 12;
const draftOf = (bands: readonly GradingScale['bands'][number][]): Band[] =>
  bands.map((b) => ({
    grade: b.grade,
    min: String(b.min),
    max: String(b.max),
    point: b.point === null ? '' : String(b.point),
    remark: b.remark,
  }));
/** A band's fields as typed: label (key under academics.exams.scales), keyboard, length, width. */
const COLUMNS: {
  key: keyof Band;
  label: string;
  mode: 'text' | 'numeric' | 'decimal';
  length: number;
  sx: object;
}[] = [
  { key: 'grade', label: 'grade', mode: 'text', length: 4, sx: { width: 84 } },
  { key: 'min', label: 'from', mode: 'numeric', length: 3, sx: { width: 84 } },
  { key: 'max', label: 'to', mode: 'numeric', length: 3, sx: { width: 84 } },
  { key: 'point', label: 'point', mode: 'decimal', length: 4, sx: { width: 96 } },
  { key: 'remark', label: 'remark', mode: 'text', length: 60, sx: { flex: '1 1 160px' } },
];
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Adds a scholastic grading scale (starting from CBSE's bands) or changes one: its name and its
 * bands, highest first. A scale that grades published results keeps its bands (the server says
 * so too); only its name may change.
 */
export function ScaleDialog({ scale, onClose }: { scale: GradingScale | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const phone = useMediaQuery('(max-width:600px)');
  const [add, adding] = useAddScaleMutation();
  const [change, changing] = useChangeScaleMutation();
  const busy = adding.isLoading || changing.isLoading;
  const fixed = scale?.grades_published ?? false;
  const [name, setName] = useState(scale?.name ?? '');
  const [bands, setBands] = useState<Band[]>(draftOf(scale?.bands ?? CBSE_SCALE));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const edit = (n: number, patch: Partial<Band>) => {
    setBands(bands.map((b, k) => (k === n ? { ...b, ...patch } : b)));
    setErrors({});
  };
  const submit = async () => {
    setError(null);
    const parsed = gradingScaleInputSchema.safeParse({
      name,
      kind: scale?.kind ?? 'scholastic',
      bands: bands.map((b) => ({
        grade: b.grade,
        min: numberOf(b.min),
        max: numberOf(b.max),
        point: b.point.trim() === '' ? null : numberOf(b.point),
        remark: b.remark,
      })),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= messageText(t, issue.message);
      setErrors(found);
      return;
    }
    try {
      const input: GradingScaleInput = parsed.data;
      await (scale ? change({ id: scale.id, ...input }) : add(input)).unwrap();
      dispatch(toast.success(t('academics.messages.exams.scaleSaved')));
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      const fields = Object.fromEntries(
        Object.entries(failure.errors).map(([k, v]) => [k, messageText(t, v, failure.codes[k])]),
      );
      setErrors(fields);
      if (!Object.keys(fields).length) setError(messageText(t, failure.message, failure.coded));
    }
  };
  const field = (n: number, key: keyof Band) => ({
    value: bands[n]?.[key] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => edit(n, { [key]: e.target.value }),
    error: Boolean(errors[`bands.${n}.${key}`]),
    helperText: errors[`bands.${n}.${key}`],
    disabled: fixed,
    size: 'small' as const,
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>
          {scale
            ? t('academics.exams.scales.editTitle', { name: scale.name })
            : t('academics.exams.scales.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fixed && <Alert severity="info">{messageText(t, EXAM_MESSAGES.scaleGradesPublished)}</Alert>}
            <TextField
              label={t('academics.exams.scales.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors({});
              }}
              error={Boolean(errors.name)}
              helperText={errors.name}
              required
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <Typography variant="body2" color="text.secondary">
              {t('academics.exams.scales.bandsHint')}
            </Typography>
            {errors.bands && (
              <Alert severity="error" role="alert">
                {errors.bands}
              </Alert>
            )}
            <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {bands.map((b, n) => (
                <Stack
                  component="li"
                  // biome-ignore lint/suspicious/noArrayIndexKey: bands are edited in place; their grade is being typed.
                  key={n}
                  direction="row"
                  aria-label={t('academics.exams.scales.band', { n: n + 1 })}
                  sx={(theme) => ({
                    gap: 1,
                    flexWrap: 'wrap',
                    alignItems: 'flex-start',
                    // On a phone a band takes two lines: a rule tells one band from the next.
                    pb: { xs: 1.5, md: 0 },
                    borderBottom: { xs: `1px solid ${theme.palette.divider}`, md: 'none' },
                  })}
                >
                  {COLUMNS.map((c) => (
                    <TextField
                      key={c.key}
                      label={t(`academics.exams.scales.${c.label}`)}
                      {...field(n, c.key)}
                      slotProps={{ htmlInput: { inputMode: c.mode, maxLength: c.length } }}
                      sx={c.sx}
                    />
                  ))}
                  {!fixed && (
                    <IconButton
                      aria-label={t('academics.exams.scales.remove', { grade: b.grade || n + 1 })}
                      onClick={() => {
                        setBands(bands.filter((_, k) => k !== n));
                        setErrors({});
                      }}
                      disabled={bands.length <= 1}
                    >
                      <Delete />
                    </IconButton>
                  )}
                </Stack>
              ))}
            </Stack>
            {!fixed && bands.length < MAX_BANDS && (
              <Button
                startIcon={<Add />}
                onClick={() => setBands([...bands, { grade: '', min: '', max: '', point: '', remark: '' }])}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('academics.exams.scales.addBand')}
              </Button>
            )}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('academics.exams.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('academics.exams.scales.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
