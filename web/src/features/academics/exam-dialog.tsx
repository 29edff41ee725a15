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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ExamInput } from '@schooliko/common/academics/exams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { useCurrentYearQuery, useSectionsQuery } from '../people/people.api';
import { useTermsQuery } from './calendar.api';
import { useCreateExamMutation, useScalesQuery } from './exams.api';
import { useSubjectsQuery } from './timetable.api';

type Marks = { on: boolean; max: string; pass: string };

/** Adds an exam: its term, dates, classes and, per subject, the maximum and pass marks. */
export function ExamDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const year = useCurrentYearQuery();
  const terms = useTermsQuery(year.data?.id ?? '', { skip: !year.data });
  const sections = useSectionsQuery(undefined);
  const { data: subjects = [] } = useSubjectsQuery();
  const { data: scales = [] } = useScalesQuery();
  const [create, creating] = useCreateExamMutation();
  const [name, setName] = useState('');
  const [termId, setTermId] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [classIds, setClassIds] = useState<string[]>([]);
  const scholastic = scales.filter((s) => s.kind === 'scholastic');
  const [scaleId, setScaleId] = useState('');
  const [marks, setMarks] = useState<Record<string, Marks>>({});
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const classes = [
    ...new Map((sections.data ?? []).map((s) => [s.class_id, s.class_name] as const)).entries(),
  ];
  const teaches = (classId: string, s: (typeof subjects)[number]) =>
    !s.class_ids.length || s.class_ids.includes(classId);
  const offered = subjects.filter((s) => s.active && classIds.some((c) => teaches(c, s)));
  const marksOf = (id: string, co: boolean): Marks =>
    marks[id] ?? { on: true, max: co ? '0' : '20', pass: co ? '0' : '7' };

  const submit = async () => {
    setError(null);
    setFieldErrors({});
    const papers: ExamInput['papers'] = classIds.flatMap((classId) =>
      offered
        .filter((s) => teaches(classId, s) && marksOf(s.id, s.type === 'co_scholastic').on)
        .map((s) => {
          const m = marksOf(s.id, s.type === 'co_scholastic');
          return {
            class_id: classId,
            subject_id: s.id,
            max_marks: Number(m.max) || 0,
            pass_marks: Number(m.pass) || 0,
            date: null,
          };
        }),
    );
    try {
      await create({
        name,
        term_id: termId,
        starts_on: startsOn,
        ends_on: endsOn,
        class_ids: classIds,
        scale_id: scaleId || scholastic[0]?.id || '',
        papers,
      }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
      setFieldErrors(
        Object.fromEntries(
          Object.entries(failure.errors ?? {}).map(([k, v]) => [k, messageText(t, v, failure.codes?.[k])]),
        ),
      );
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('academics.exams.dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!scholastic.length && <Alert severity="warning">{t('academics.exams.dialog.noScale')}</Alert>}
          <TextField
            label={t('academics.exams.dialog.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(fieldErrors.name)}
            helperText={fieldErrors.name ?? t('academics.exams.dialog.nameHint')}
            required
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('academics.exams.dialog.term')}
              value={termId}
              onChange={(e) => setTermId(e.target.value)}
              sx={{ minWidth: 180 }}
              required
            >
              {(terms.data ?? []).map((term) => (
                <MenuItem key={term.id} value={term.id}>
                  {term.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={t('academics.exams.dialog.startsOn')}
              value={startsOn}
              onChange={(e) => setStartsOn(e.target.value)}
              error={Boolean(fieldErrors.starts_on)}
              helperText={fieldErrors.starts_on}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={t('academics.exams.dialog.endsOn')}
              value={endsOn}
              onChange={(e) => setEndsOn(e.target.value)}
              error={Boolean(fieldErrors.ends_on)}
              helperText={fieldErrors.ends_on}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label={t('academics.exams.dialog.scale')}
              value={scaleId || scholastic[0]?.id || ''}
              onChange={(e) => setScaleId(e.target.value)}
              sx={{ minWidth: 180 }}
            >
              {scholastic.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle2">{t('academics.exams.dialog.classes')}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            {classes.map(([id, label]) => (
              <FormControlLabel
                key={id}
                label={label}
                control={
                  <Checkbox
                    checked={classIds.includes(id)}
                    onChange={(e) =>
                      setClassIds((c) => (e.target.checked ? [...c, id] : c.filter((x) => x !== id)))
                    }
                  />
                }
              />
            ))}
          </Stack>
          {fieldErrors.class_ids && <Alert severity="error">{fieldErrors.class_ids}</Alert>}
          {classIds.length > 0 && (
            <>
              <Typography variant="subtitle2">{t('academics.exams.dialog.subjects')}</Typography>
              {offered.map((s) => {
                const co = s.type === 'co_scholastic';
                const m = marksOf(s.id, co);
                const set = (patch: Partial<Marks>) =>
                  setMarks((all) => ({ ...all, [s.id]: { ...m, ...patch } }));
                return (
                  <Stack
                    key={s.id}
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <FormControlLabel
                      sx={{ minWidth: 220 }}
                      label={s.name}
                      control={<Checkbox checked={m.on} onChange={(e) => set({ on: e.target.checked })} />}
                    />
                    {co ? (
                      <Typography color="text.secondary">{t('academics.exams.dialog.graded')}</Typography>
                    ) : (
                      <>
                        <TextField
                          size="small"
                          type="number"
                          label={t('academics.exams.dialog.maxShort')}
                          slotProps={{
                            htmlInput: { 'aria-label': t('academics.exams.dialog.max', { subject: s.name }) },
                          }}
                          value={m.max}
                          disabled={!m.on}
                          onChange={(e) => set({ max: e.target.value })}
                          sx={{ width: 140 }}
                        />
                        <TextField
                          size="small"
                          type="number"
                          label={t('academics.exams.dialog.passShort')}
                          slotProps={{
                            htmlInput: {
                              'aria-label': t('academics.exams.dialog.pass', { subject: s.name }),
                            },
                          }}
                          value={m.pass}
                          disabled={!m.on}
                          onChange={(e) => set({ pass: e.target.value })}
                          sx={{ width: 140 }}
                        />
                      </>
                    )}
                  </Stack>
                );
              })}
            </>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('academics.exams.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={creating.isLoading || !name || !termId || !startsOn || !endsOn || !classIds.length}
        >
          {t('academics.exams.dialog.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
