import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Assignment, HomeworkFile } from '@schooliko/common/academics/homework';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayTime } from '../../../app/format-when';
import { useFailure } from '../../desk/desk-kit';
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
  const [text, setText] = useState(work?.text ?? '');
  const [files, setFiles] = useState<HomeworkFile[]>(work?.files ?? []);
  const [uploading, setUploading] = useState(false);
  const [submit, submitting] = useSubmitWorkMutation();
  const failure = useFailure()(submitting.error);
  const [done, setDone] = useState(false);

  const send = async () => {
    try {
      await submit({ id: assignment.id, body: { text, file_ids: files.map((f) => f.id) } }).unwrap();
      setEditing(false);
      setDone(true);
    } catch {
      // Shown from submitting.error.
    }
  };

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
          <Stack spacing={2}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t(work ? 'academics.homework.pupil.resubmitTitle' : 'academics.homework.pupil.submitTitle')}
            </Typography>
            {failure.message && (
              <Alert severity="error" role="alert">
                {failure.message}
              </Alert>
            )}
            <TextField
              multiline
              minRows={4}
              label={t('academics.homework.pupil.answer')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={Boolean(failure.fields.text)}
              helperText={failure.fields.text || t('academics.homework.pupil.answerHint')}
              slotProps={{ htmlInput: { maxLength: 8000 } }}
            />
            <AttachmentPicker files={files} onChange={setFiles} onBusy={setUploading} />
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                onClick={send}
                disabled={submitting.isLoading || uploading || (!text.trim() && !files.length)}
              >
                {t('academics.homework.pupil.submit')}
              </Button>
              {work && (
                <Button onClick={() => setEditing(false)} disabled={submitting.isLoading}>
                  {t('academics.homework.cancelButton')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
