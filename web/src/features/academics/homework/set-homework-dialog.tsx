import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type Assignment,
  assignmentInputSchema,
  assignmentPatchSchema,
  HOMEWORK_KINDS,
  type HomeworkFile,
} from '@schooliko/common/academics/homework';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { useFailure } from '../../desk/desk-kit';
import { messageText } from '../../forms/messages';
import { LoadFailed } from '../../lists/load-failed';
import { toast } from '../../toast/toast.slice';
import { AttachmentPicker } from './attachments';
import { useChangeHomeworkMutation, useSetHomeworkMutation, useTeachingQuery } from './homework.api';

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * "Set homework": a section and subject the teacher teaches, what to do, the dates, marks and
 * attachments (uploaded as they are chosen); saved as a draft or published to the pupils. Given
 * an `assignment`, the same form changes it ("Edit homework"): its section and subject stay, and
 * saving keeps it a draft or published as it was.
 */
export function SetHomeworkDialog({
  assignment,
  onClose,
  onSaved,
}: {
  assignment?: Assignment;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const phone = useMediaQuery('(max-width:600px)');
  const teaching = useTeachingQuery(undefined, { skip: !!assignment });
  const [setWork, setting] = useSetHomeworkMutation();
  const [changeWork, changing] = useChangeHomeworkMutation();
  const saving = assignment ? changing : setting;
  const failed = useFailure()(saving.error);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const failure = { message: failed.message, fields: { ...failed.fields, ...checked } };
  const today = todayInIndia();
  const [pair, setPair] = useState(assignment ? `${assignment.section_id}|${assignment.subject_id}` : '');
  const [kind, setKind] = useState<(typeof HOMEWORK_KINDS)[number]>(assignment?.kind ?? 'homework');
  const [title, setTitle] = useState(assignment?.title ?? '');
  const [instructions, setInstructions] = useState(assignment?.instructions ?? '');
  const [assignedOn, setAssignedOn] = useState(assignment?.assigned_on ?? today);
  const [dueOn, setDueOn] = useState(assignment?.due_on ?? addDays(today, 1));
  const [dueTime, setDueTime] = useState(assignment?.due_time ?? '');
  const [maxMarks, setMaxMarks] = useState(assignment?.max_marks ? String(assignment.max_marks) : '');
  const [files, setFiles] = useState<HomeworkFile[]>(assignment?.attachments ?? []);
  const [uploading, setUploading] = useState(false);
  const busy = saving.isLoading || uploading;
  const [sectionId, subjectId] = pair.split('|');

  const submit = async (publish: boolean) => {
    const fields = {
      kind,
      title,
      instructions,
      assigned_on: assignedOn,
      due_on: dueOn,
      due_time: dueTime || null,
      max_marks: maxMarks ? Number(maxMarks) : null,
      attachment_ids: files.map((f) => f.id),
    };
    // The server's own schemas check the form first.
    const parsed = assignment
      ? assignmentPatchSchema.safeParse(fields)
      : assignmentInputSchema.safeParse({ ...fields, section_id: sectionId, subject_id: subjectId, publish });
    setChecked(
      parsed.success
        ? {}
        : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), messageText(t, i.message)])),
    );
    if (!parsed.success) return;
    try {
      const saved = assignment
        ? await changeWork({ id: assignment.id, body: fields }).unwrap()
        : await setWork({ ...fields, section_id: sectionId, subject_id: subjectId, publish }).unwrap();
      if (assignment) dispatch(toast.success(t('academics.messages.homework.updated')));
      onSaved(saved.id);
    } catch {
      // Shown from saving.error.
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>
        {t(assignment ? 'academics.homework.edit.title' : 'academics.homework.set.title')}
      </DialogTitle>
      <DialogContent>
        {assignment ? null : teaching.isLoading ? (
          <Skeleton variant="rounded" height={240} />
        ) : teaching.isError ? (
          <LoadFailed onRetry={teaching.refetch} />
        ) : !teaching.data?.length ? (
          <Alert severity="info">{t('academics.homework.set.nothingTaught')}</Alert>
        ) : null}
        {(assignment || !!teaching.data?.length) && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure.message && (
              <Alert severity="error" role="alert">
                {failure.message}
              </Alert>
            )}
            {assignment ? (
              <TextField
                label={t('academics.homework.fields.classSubject')}
                value={`${assignment.section_label} · ${assignment.subject_name}`}
                disabled
                helperText={t('academics.homework.edit.classSubjectFixed')}
              />
            ) : (
              <TextField
                select
                required
                label={t('academics.homework.fields.classSubject')}
                value={pair}
                onChange={(e) => setPair(e.target.value)}
                error={Boolean(failure.fields.subject_id || failure.fields.section_id)}
                helperText={failure.fields.subject_id || failure.fields.section_id}
              >
                {(teaching.data ?? []).map((p) => (
                  <MenuItem key={`${p.section_id}|${p.subject_id}`} value={`${p.section_id}|${p.subject_id}`}>
                    {p.section_label} · {p.subject_name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              label={t('academics.homework.fields.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value as typeof kind)}
            >
              {HOMEWORK_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`academics.homework.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              required
              label={t('academics.homework.fields.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={Boolean(failure.fields.title)}
              helperText={failure.fields.title || t('academics.homework.set.titleHint')}
              slotProps={{ htmlInput: { maxLength: 150 } }}
            />
            <TextField
              multiline
              minRows={3}
              label={t('academics.homework.fields.instructions')}
              value={instructions}
              onChange={(e) => setInstructions(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label={t('academics.homework.fields.assignedOn')}
                value={assignedOn}
                onChange={(e) => setAssignedOn(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                type="date"
                required
                label={t('academics.homework.fields.dueOn')}
                value={dueOn}
                onChange={(e) => setDueOn(e.target.value)}
                error={Boolean(failure.fields.due_on)}
                helperText={failure.fields.due_on}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="time"
                label={t('academics.homework.fields.dueTime')}
                value={dueTime}
                onChange={(e) => setDueTime(e.target.value)}
                helperText={t('academics.homework.set.dueTimeHint')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                type="number"
                label={t('academics.homework.fields.maxMarks')}
                value={maxMarks}
                onChange={(e) => setMaxMarks(e.target.value)}
                helperText={failure.fields.max_marks || t('academics.homework.set.maxMarksHint')}
                error={Boolean(failure.fields.max_marks)}
                slotProps={{ htmlInput: { min: 1, max: 1000 } }}
                fullWidth
              />
            </Stack>
            <AttachmentPicker files={files} onChange={setFiles} onBusy={setUploading} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('academics.homework.cancelButton')}
        </Button>
        {assignment ? (
          <Button variant="contained" onClick={() => submit(false)} disabled={busy || !title.trim()}>
            {t('academics.homework.edit.save')}
          </Button>
        ) : (
          <>
            <Button onClick={() => submit(false)} disabled={busy || !pair || !title.trim()}>
              {t('academics.homework.set.saveDraft')}
            </Button>
            <Button
              variant="contained"
              onClick={() => submit(true)}
              disabled={busy || !pair || !title.trim()}
            >
              {t('academics.homework.set.publish')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
