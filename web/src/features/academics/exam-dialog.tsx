import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ExamInput, examInputSchema } from '@schooliko/common/academics/exams';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { FormAlert, useErrorsAt, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { useCurrentYearQuery, useSectionsQuery } from '../people';
import { useTermsQuery } from './calendar.api';
import { useCreateExamMutation, useScalesQuery } from './exams.api';
import { useSubjectsQuery } from './timetable.api';

type Marks = { on: boolean; max: string; pass: string };
/** The dialog's fields; the marks by subject as typed (each class sits the subject's paper). */
type Values = Omit<ExamInput, 'papers'> & { marks: Record<string, Marks> };
const EMPTY: Values = {
  name: '',
  term_id: '',
  starts_on: '',
  ends_on: '',
  class_ids: [],
  scale_id: '',
  marks: {},
};
type Subject = { id: string; type: string; class_ids: string[] };
const teaches = (classId: string, s: Subject) => !s.class_ids.length || s.class_ids.includes(classId);
const marksOf = (marks: Values['marks'], s: Subject): Marks =>
  marks[s.id] ??
  (s.type === 'co_scholastic' ? { on: true, max: '0', pass: '0' } : { on: true, max: '20', pass: '7' });

/** The papers sat: each class ticked, each subject it is taught that is ticked, with its marks. */
const papersOf = ({ class_ids, marks }: Pick<Values, 'class_ids' | 'marks'>, offered: Subject[]) =>
  class_ids.flatMap((classId) =>
    offered
      .filter((s) => teaches(classId, s) && marksOf(marks, s).on)
      .map((s) => {
        const m = marksOf(marks, s);
        return {
          class_id: classId,
          subject_id: s.id,
          max_marks: Number(m.max) || 0,
          pass_marks: Number(m.pass) || 0,
          date: null,
        };
      }),
  );

/** Adds an exam: its term, dates, classes and, per subject, the maximum and pass marks. */
export function ExamDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const year = useCurrentYearQuery();
  const terms = useTermsQuery(year.data?.id ?? '', { skip: !year.data });
  const sections = useSectionsQuery(undefined);
  const { data: subjects = [] } = useSubjectsQuery();
  const { data: scales = [] } = useScalesQuery();
  const [create] = useCreateExamMutation();
  const scholastic = scales.filter((s) => s.kind === 'scholastic');
  const active = subjects.filter((s) => s.active);
  const offeredTo = (classIds: string[]) => active.filter((s) => classIds.some((c) => teaches(c, s)));
  const { form, submit, alert } = useSchemaForm({
    schema: examInputSchema,
    defaultValues: EMPTY,
    toInput: ({ marks, ...v }: Values) => ({
      ...v,
      papers: papersOf({ class_ids: v.class_ids, marks }, offeredTo(v.class_ids)),
    }),
    fallback: t('lists.failed'),
    shows: (name) => name.startsWith('papers.'),
    send: async (body) => {
      await create(body).unwrap();
      onClose();
    },
  });
  const firstScale = scholastic[0]?.id ?? '';
  useEffect(() => {
    if (!form.getValues('scale_id')) form.setValue('scale_id', firstScale);
  }, [form, firstScale]);
  const [name, termId, startsOn, endsOn, classIds, marks] = useWatch({
    control: form.control,
    name: ['name', 'term_id', 'starts_on', 'ends_on', 'class_ids', 'marks'],
  });
  const classes = [
    ...new Map((sections.data ?? []).map((s) => [s.class_id, s.class_name] as const)).entries(),
  ];
  const offered = offeredTo(classIds);
  const papers = papersOf({ class_ids: classIds, marks }, offered);
  // A paper's error goes beside its subject's box (every class sits the subject with its marks).
  const said = useErrorsAt(form.formState.errors);
  const markError = (subjectId: string, key: 'max_marks' | 'pass_marks' | 'subject_id') =>
    said(...papers.flatMap((p, i) => (p.subject_id === subjectId ? [`papers.${i}.${key}`] : [])));
  const loose = said(
    'class_ids',
    'class_ids.root',
    'papers',
    'papers.root',
    'term_id',
    'scale_id',
    ...papers.map((_p, i) => `papers.${i}.class_id`),
  );

  return (
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={t('academics.exams.dialog.title')}
      cancel={t('academics.exams.cancel')}
      onClose={onClose}
      action={t('academics.exams.dialog.create')}
      disabled={!name || !termId || !startsOn || !endsOn || !classIds.length}
      maxWidth="md"
    >
      {!scholastic.length && <Alert severity="warning">{t('academics.exams.dialog.noScale')}</Alert>}
      <RhfTextField<Values>
        name="name"
        size="medium"
        label={t('academics.exams.dialog.name')}
        helperText={t('academics.exams.dialog.nameHint')}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfSelectField<Values>
          name="term_id"
          size="medium"
          fullWidth={false}
          label={t('academics.exams.dialog.term')}
          options={(terms.data ?? []).map((term) => ({ value: term.id, label: term.name }))}
          sx={{ minWidth: 180 }}
          required
        />
        <RhfDateField<Values>
          name="starts_on"
          size="medium"
          fullWidth={false}
          label={t('academics.exams.dialog.startsOn')}
        />
        <RhfDateField<Values>
          name="ends_on"
          size="medium"
          fullWidth={false}
          label={t('academics.exams.dialog.endsOn')}
        />
        <RhfSelectField<Values>
          name="scale_id"
          size="medium"
          fullWidth={false}
          label={t('academics.exams.dialog.scale')}
          options={scholastic.map((s) => ({ value: s.id, label: s.name }))}
          sx={{ minWidth: 180 }}
        />
      </Stack>
      <Typography variant="subtitle2">{t('academics.exams.dialog.classes')}</Typography>
      <Controller
        name="class_ids"
        control={form.control}
        render={({ field }) => (
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            {classes.map(([id, label]) => (
              <FormControlLabel
                key={id}
                label={label}
                control={
                  <Checkbox
                    checked={field.value.includes(id)}
                    onChange={(e) => {
                      field.onChange(
                        e.target.checked ? [...field.value, id] : field.value.filter((x) => x !== id),
                      );
                      form.clearErrors(['class_ids', 'papers' as never]);
                    }}
                  />
                }
              />
            ))}
          </Stack>
        )}
      />
      <FormAlert text={loose} />
      {classIds.length > 0 && (
        <>
          <Typography variant="subtitle2">{t('academics.exams.dialog.subjects')}</Typography>
          {offered.map((s) => {
            const co = s.type === 'co_scholastic';
            const m = marksOf(marks, s);
            const set = (patch: Partial<Marks>) => {
              form.setValue('marks', { ...form.getValues('marks'), [s.id]: { ...m, ...patch } });
              form.clearErrors('papers' as never);
            };
            const box = (key: 'max' | 'pass') => {
              const error = markError(s.id, key === 'max' ? 'max_marks' : 'pass_marks');
              return (
                <TextField
                  size="small"
                  type="number"
                  label={t(`academics.exams.dialog.${key}Short`)}
                  slotProps={{
                    htmlInput: {
                      'aria-label': t(`academics.exams.dialog.${key}`, { subject: s.name }),
                    },
                  }}
                  value={m[key]}
                  disabled={!m.on}
                  onChange={(e) => set({ [key]: e.target.value })}
                  error={Boolean(error)}
                  helperText={error || undefined}
                  sx={{ width: 140 }}
                />
              );
            };
            const repeated = markError(s.id, 'subject_id');
            return (
              <Stack key={s.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <FormControlLabel
                  sx={{ minWidth: 220 }}
                  label={s.name}
                  control={<Checkbox checked={m.on} onChange={(e) => set({ on: e.target.checked })} />}
                />
                {co ? (
                  <Typography color="text.secondary">{t('academics.exams.dialog.graded')}</Typography>
                ) : (
                  <>
                    {box('max')}
                    {box('pass')}
                  </>
                )}
                {repeated && <Typography color="error">{repeated}</Typography>}
              </Stack>
            );
          })}
        </>
      )}
    </SchemaFormDialog>
  );
}
