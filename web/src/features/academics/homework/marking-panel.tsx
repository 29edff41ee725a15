import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Assignment, markInputSchema, type RosterItem } from '@schooliko/common/academics/homework';
import { useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDayTime } from '../../../app/format-when';
import { RhfTextField } from '../../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../../kit/forms/schema-form';
import { RhfNumberField } from '../../../kit/forms/typed-fields';
import { LoadFailed } from '../../../kit/lists/load-failed';
import { FileChips } from './attachments';
import { useMarkWorkMutation, useRosterQuery } from './homework.api';
import { StatusChip } from './pupil-list';

type MarkValues = { marks: number | null; feedback: string };

/** One pupil's work and the marks and feedback for it; Save, or Save and go to the next pupil. */
function Marker({
  assignment,
  pupil,
  onNext,
}: {
  assignment: Assignment;
  pupil: RosterItem;
  onNext: (() => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const work = pupil.submission;
  const [mark] = useMarkWorkMutation();
  const [saved, setSaved] = useState(false);
  // Save and Save and next send the same marks: the button pressed says whether to go on.
  const goOn = useRef(false);
  const { form, submit, alert } = useSchemaForm({
    schema: markInputSchema,
    defaultValues: { marks: work?.marks ?? null, feedback: work?.feedback ?? '' } satisfies MarkValues,
    toInput: (values: MarkValues) => values,
    fallback: t('lists.failed'),
    send: async (body) => {
      if (!work) return;
      await mark({ id: work.id, body }).unwrap();
      setSaved(true);
      if (goOn.current) onNext?.();
    },
  });
  const save = (next: boolean) => {
    goOn.current = next;
    setSaved(false);
    void submit();
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ mr: 'auto' }}>
          {pupil.name}
        </Typography>
        <StatusChip
          status={pupil.status}
          marks={work?.marks ?? null}
          maxMarks={assignment.max_marks}
          dueOn={assignment.due_on}
        />
      </Stack>
      {!work ? (
        <Alert severity="info">{t('academics.homework.mark.notSubmitted')}</Alert>
      ) : (
        <>
          <Typography variant="caption" color="text.secondary">
            {t('academics.homework.mark.submittedAt', {
              when: formatDayTime(work.submitted_at, i18n.language),
            })}
            {work.version > 1 ? ` · ${t('academics.homework.mark.version', { version: work.version })}` : ''}
          </Typography>
          {work.text && (
            <Paper variant="outlined" sx={{ p: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {work.text}
            </Paper>
          )}
          <FileChips files={work.files} />
          <FormProvider {...form}>
            <FormAlert text={alert} role="alert" />
            {saved && !alert && <Alert severity="success">{t('academics.homework.mark.saved')}</Alert>}
            {!assignment.can.mark && work.feedback && <Typography>{work.feedback}</Typography>}
            {assignment.can.mark && assignment.max_marks !== null && (
              <RhfNumberField<MarkValues>
                name="marks"
                size="medium"
                fullWidth={false}
                label={t('academics.homework.mark.marks', { max: assignment.max_marks })}
                slotProps={{ htmlInput: { min: 0, max: assignment.max_marks, inputMode: 'numeric' } }}
                sx={{ maxWidth: 200 }}
              />
            )}
            {assignment.can.mark && (
              <RhfTextField<MarkValues>
                name="feedback"
                size="medium"
                multiline
                minRows={2}
                label={t('academics.homework.mark.feedback')}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            )}
            {assignment.can.mark && (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <SubmitButton variant="outlined" onClick={() => save(false)}>
                  {t('academics.homework.mark.save')}
                </SubmitButton>
                {onNext && (
                  <SubmitButton onClick={() => save(true)}>
                    {t('academics.homework.mark.saveNext')}
                  </SubmitButton>
                )}
              </Stack>
            )}
          </FormProvider>
        </>
      )}
      {!work && onNext && (
        <Button onClick={onNext} sx={{ alignSelf: 'flex-start' }}>
          {t('academics.homework.mark.next')}
        </Button>
      )}
    </Stack>
  );
}

/** The section's pupils with where their work stands; choosing one opens their work for marking. */
export function MarkingPanel({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const roster = useRosterQuery(assignment.id);
  const [chosen, setChosen] = useState<string | null>(null);
  if (roster.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (roster.isError) return <LoadFailed onRetry={roster.refetch} />;
  const pupils = roster.data ?? [];
  if (!pupils.length) return <Alert severity="info">{t('academics.homework.mark.noPupils')}</Alert>;
  const index = pupils.findIndex((p) => p.student_id === chosen);
  const current = pupils[index];
  const next =
    index >= 0 ? pupils.slice(index + 1).find((p) => p.submission && p.status !== 'marked') : undefined;
  const handedIn = pupils.filter((p) => p.submission).length;

  return (
    <Stack spacing={1}>
      <Typography variant="h6">
        {t('academics.homework.mark.roster', { submitted: handedIn, total: pupils.length })}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper
          variant="outlined"
          sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0, maxHeight: 520, overflow: 'auto' }}
        >
          <List dense disablePadding aria-label={t('academics.homework.mark.pupils')}>
            {pupils.map((p) => (
              <ListItemButton
                key={p.student_id}
                selected={p.student_id === chosen}
                onClick={() => setChosen(p.student_id)}
              >
                <ListItemText
                  primary={`${p.roll_no ? `${p.roll_no}. ` : ''}${p.name}`}
                  slotProps={{ primary: { noWrap: true } }}
                />
                <StatusChip
                  status={p.status}
                  marks={p.submission?.marks ?? null}
                  maxMarks={assignment.max_marks}
                  dueOn={assignment.due_on}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {current ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Marker
                key={current.student_id}
                assignment={assignment}
                pupil={current}
                onNext={next ? () => setChosen(next.student_id) : null}
              />
            </Paper>
          ) : (
            <Alert severity="info">{t('academics.homework.mark.choose')}</Alert>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
