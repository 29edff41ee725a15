import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Assignment,
  type HomeworkFile,
  submissionInputSchema,
} from '@schooliko/common/academics/homework';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDayTime } from '../../../app/format-when';
import { RhfTextField } from '../../../kit/forms/form-fields';
import { FormAlert, useSchemaForm } from '../../../kit/forms/schema-form';
import { AttachmentPicker, FileChips } from './attachments';
import { useSubmitWorkMutation } from './homework.api';

/**
 * A pupil's side of an assignment: their work as handed in (late flagged), the marks and feedback
 * once marked, and for the student the form to hand it in (again, until it is marked). A parent
 * reads the same, without the form.
 */
export function SubmitPanel({ assignment }: { assignment: Assignment }) {
  const { t, i18n } = useTranslation();
  const work = assignment.submission;
  const [editing, setEditing] = useState(!work);
  const [files, setFiles] = useState<HomeworkFile[]>(work?.files ?? []);
  const [uploading, setUploading] = useState(false);
  const [submitWork] = useSubmitWorkMutation();
  const [done, setDone] = useState(false);
  const { form, submit, alert } = useSchemaForm({
    schema: submissionInputSchema,
    defaultValues: { text: work?.text ?? '' },
    toInput: ({ text }: { text: string }) => ({ text, file_ids: files.map((f) => f.id) }),
    fallback: t('lists.failed'),
    send: async (body) => {
      await submitWork({ id: assignment.id, body }).unwrap();
      setEditing(false);
      setDone(true);
    },
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const submitting = form.formState.isSubmitting;

  return (
    <Stack spacing={2}>
      {work?.marked_at && (
        <Paper variant="outlined" sx={{ p: 2, borderColor: 'success.main' }}>
          <Stack spacing={1}>
            <Typography variant="h6">
              {assignment.max_marks !== null && work.marks !== null
                ? t('academics.homework.pupil.marks', { marks: work.marks, max: assignment.max_marks })
                : t('academics.homework.pupil.markedNoMarks')}
            </Typography>
            {work.feedback && (
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>
                <strong>{t('academics.homework.pupil.feedback')}:</strong> {work.feedback}
              </Typography>
            )}
          </Stack>
        </Paper>
      )}
      {done && <Alert severity="success">{t('academics.homework.pupil.submitted')}</Alert>}
      {work && !editing && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700, mr: 'auto' }}>
                {t('academics.homework.pupil.yourWork')}
              </Typography>
              {work.late && <Chip size="small" color="warning" label={t('academics.homework.status.late')} />}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t('academics.homework.mark.submittedAt', {
                when: formatDayTime(work.submitted_at, i18n.language),
              })}
            </Typography>
            {work.text && (
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{work.text}</Typography>
            )}
            <FileChips files={work.files} />
            {assignment.can.submit && (
              <Button
                onClick={() => {
                  setEditing(true);
                  setDone(false);
                }}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('academics.homework.pupil.submitAgain')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {!work && !assignment.can.submit && (
        <Alert severity="info">
          {t(
            assignment.state === 'cancelled'
              ? 'academics.homework.pupil.cancelled'
              : 'academics.homework.pupil.notYet',
          )}
        </Alert>
      )}
      {assignment.can.submit && editing && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FormProvider {...form}>
            <Stack spacing={2}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t(work ? 'academics.homework.pupil.resubmitTitle' : 'academics.homework.pupil.submitTitle')}
              </Typography>
              <FormAlert text={alert} role="alert" />
              <RhfTextField
                name="text"
                size="medium"
                multiline
                minRows={4}
                label={t('academics.homework.pupil.answer')}
                helperText={t('academics.homework.pupil.answerHint')}
                slotProps={{ htmlInput: { maxLength: 8000 } }}
              />
              <AttachmentPicker files={files} onChange={setFiles} onBusy={setUploading} />
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  onClick={() => void submit()}
                  disabled={submitting || uploading || (!text.trim() && !files.length)}
                >
                  {t('academics.homework.pupil.submit')}
                </Button>
                {work && (
                  <Button onClick={() => setEditing(false)} disabled={submitting}>
                    {t('academics.homework.cancelButton')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </FormProvider>
        </Paper>
      )}
    </Stack>
  );
}
