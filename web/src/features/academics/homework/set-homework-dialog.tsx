import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { RhfSelectField, RhfTextField } from '../../../kit/forms/form-fields';
import { FormAlert, useSchemaForm } from '../../../kit/forms/schema-form';
import { RhfDateField, RhfNumberField, RhfTimeField } from '../../../kit/forms/typed-fields';
import { LoadFailed } from '../../../kit/lists/load-failed';
import { toast } from '../../../kit/toast/toast.slice';
import { AttachmentPicker } from './attachments';
import { useChangeHomeworkMutation, useSetHomeworkMutation, useTeachingQuery } from './homework.api';

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The dialog's fields: the section and subject as one choice, the files as they were uploaded. */
type Values = {
  pair: string;
  kind: (typeof HOMEWORK_KINDS)[number];
  title: string;
  instructions: string;
  assigned_on: string;
  due_on: string;
  due_time: string;
  max_marks: number | null;
  files: HomeworkFile[];
  publish: boolean;
};

function valuesOf(assignment: Assignment | undefined): Values {
  const today = todayInIndia();
  return {
    pair: assignment ? `${assignment.section_id}|${assignment.subject_id}` : '',
    kind: assignment?.kind ?? 'homework',
    title: assignment?.title ?? '',
    instructions: assignment?.instructions ?? '',
    assigned_on: assignment?.assigned_on ?? today,
    due_on: assignment?.due_on ?? addDays(today, 1),
    due_time: assignment?.due_time ?? '',
    max_marks: assignment?.max_marks ?? null,
    files: assignment?.attachments ?? [],
    publish: false,
  };
}

/** The body the schemas check: the pair split, the files by id. */
const toInput = ({ pair, files, ...fields }: Values) => {
  const [section_id = '', subject_id = ''] = pair.split('|');
  return { ...fields, section_id, subject_id, attachment_ids: files.map((f) => f.id) };
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
  const [setWork] = useSetHomeworkMutation();
  const [changeWork] = useChangeHomeworkMutation();
  const [uploading, setUploading] = useState(false);
  const { form, submit, alert } = useSchemaForm({
    // Changing keeps the section and subject: its schema drops them (and `publish`) from the body.
    schema: (assignment ? assignmentPatchSchema : assignmentInputSchema) as typeof assignmentInputSchema,
    defaultValues: valuesOf(assignment),
    toInput,
    fallback: t('lists.failed'),
    send: async (body) => {
      const saved = assignment
        ? await changeWork({ id: assignment.id, body }).unwrap()
        : await setWork(body).unwrap();
      const said = assignment ? 'updated' : body.publish ? 'published' : 'created';
      dispatch(toast.success(t(`academics.messages.homework.${said}`)));
      onSaved(saved.id);
    },
  });
  const busy = form.formState.isSubmitting || uploading;
  const [pair, title, files] = useWatch({ control: form.control, name: ['pair', 'title', 'files'] });
  const ready = !busy && Boolean(pair) && title.trim() !== '';
  const save = (publish: boolean) => {
    form.setValue('publish', publish);
    void submit();
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>
        {t(assignment ? 'academics.homework.edit.title' : 'academics.homework.set.title')}
      </DialogTitle>
      <FormProvider {...form}>
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
              <FormAlert text={alert} role="alert" />
              {assignment ? (
                <TextField
                  label={t('academics.homework.fields.classSubject')}
                  value={`${assignment.section_label} · ${assignment.subject_name}`}
                  disabled
                  helperText={t('academics.homework.edit.classSubjectFixed')}
                />
              ) : (
                <RhfSelectField<Values>
                  name="pair"
                  size="medium"
                  required
                  label={t('academics.homework.fields.classSubject')}
                  options={(teaching.data ?? []).map((p) => ({
                    value: `${p.section_id}|${p.subject_id}`,
                    label: `${p.section_label} · ${p.subject_name}`,
                  }))}
                />
              )}
              <RhfSelectField<Values>
                name="kind"
                size="medium"
                label={t('academics.homework.fields.kind')}
                options={HOMEWORK_KINDS.map((k) => ({ value: k, label: t(`academics.homework.kinds.${k}`) }))}
              />
              <RhfTextField<Values>
                name="title"
                size="medium"
                required
                label={t('academics.homework.fields.title')}
                helperText={t('academics.homework.set.titleHint')}
                slotProps={{ htmlInput: { maxLength: 150 } }}
              />
              <RhfTextField<Values>
                name="instructions"
                size="medium"
                multiline
                minRows={3}
                label={t('academics.homework.fields.instructions')}
                slotProps={{ htmlInput: { maxLength: 4000 } }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <RhfDateField<Values>
                  name="assigned_on"
                  size="medium"
                  label={t('academics.homework.fields.assignedOn')}
                />
                <RhfDateField<Values>
                  name="due_on"
                  size="medium"
                  required
                  label={t('academics.homework.fields.dueOn')}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <RhfTimeField<Values>
                  name="due_time"
                  size="medium"
                  label={t('academics.homework.fields.dueTime')}
                  helperText={t('academics.homework.set.dueTimeHint')}
                />
                <RhfNumberField<Values>
                  name="max_marks"
                  size="medium"
                  label={t('academics.homework.fields.maxMarks')}
                  helperText={t('academics.homework.set.maxMarksHint')}
                  slotProps={{ htmlInput: { min: 1, max: 1000 } }}
                />
              </Stack>
              <AttachmentPicker
                files={files}
                onChange={(next) => form.setValue('files', next)}
                onBusy={setUploading}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('academics.homework.cancelButton')}
          </Button>
          {assignment ? (
            <Button variant="contained" onClick={() => save(false)} disabled={busy || !title.trim()}>
              {t('academics.homework.edit.save')}
            </Button>
          ) : (
            <>
              <Button onClick={() => save(false)} disabled={!ready}>
                {t('academics.homework.set.saveDraft')}
              </Button>
              <Button variant="contained" onClick={() => save(true)} disabled={!ready}>
                {t('academics.homework.set.publish')}
              </Button>
            </>
          )}
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
