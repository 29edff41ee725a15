import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Exam, unpublishInputSchema } from '@schooliko/common/academics/exams';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { formatDay } from './dates';
import { ExamDialog } from './exam-dialog';
import { useChangeExamStateMutation } from './exams.api';

const STATE_COLOURS = { draft: 'default', marks_entry: 'warning', published: 'success' } as const;
type Action = 'open' | 'publish' | 'unpublish';

/** Opening and publishing send no body; withdrawing takes the reason the server checks. */
const stateSchema = unpublishInputSchema.partial();

/** Asks before moving an exam along (publishing shows results to families; withdrawing needs a reason). */
function ConfirmState({ exam, action, onClose }: { exam: Exam; action: Action; onClose: () => void }) {
  const { t } = useTranslation();
  const [change] = useChangeExamStateMutation();
  const withdrawing = action === 'unpublish';
  const schemaForm = useSchemaForm({
    schema: stateSchema,
    defaultValues: { reason: '' },
    toInput: (values: { reason: string }) => (withdrawing ? values : {}),
    fallback: t('lists.failed'),
    send: async ({ reason }) => {
      await change({ id: exam.id, action, reason }).unwrap();
      onClose();
    },
  });
  const reason = useWatch({ control: schemaForm.form.control, name: 'reason' });
  return (
    <SchemaFormDialog
      schemaForm={schemaForm}
      title={t(`academics.exams.confirm.${action}.title`, { exam: exam.name })}
      cancel={t('academics.exams.cancel')}
      action={t(`academics.exams.actions.${action}`)}
      disabled={withdrawing && reason.trim().length < 3}
      maxWidth="xs"
      onClose={onClose}
    >
      <Alert severity={action === 'open' ? 'info' : 'warning'}>
        {t(`academics.exams.confirm.${action}.text`)}
      </Alert>
      {withdrawing && (
        <RhfTextField name="reason" size="medium" label={t('academics.exams.confirm.reason')} />
      )}
    </SchemaFormDialog>
  );
}

/** The office's list of exams: state, dates, classes, and the next step of each. */
export function ExamsList({ exams, canConfigure }: { exams: Exam[]; canConfigure: boolean }) {
  const { t, i18n } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ exam: Exam; action: Action } | null>(null);
  const next = (e: Exam): Action =>
    e.state === 'draft' ? 'open' : e.state === 'marks_entry' ? 'publish' : 'unpublish';
  return (
    <Stack spacing={1.5}>
      {canConfigure && (
        <Stack direction="row">
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('academics.exams.add')}
          </Button>
        </Stack>
      )}
      {!exams.length && (
        <Alert severity="info">
          {t(canConfigure ? 'academics.exams.emptyOffice' : 'academics.exams.empty')}
        </Alert>
      )}
      {exams.map((e) => (
        <Paper key={e.id} variant="outlined" sx={{ p: 2 }} data-testid="exam-card">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Stack sx={{ mr: 'auto', minWidth: 0 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {e.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('academics.exams.line', {
                  term: e.term_name,
                  from: formatDay(e.starts_on, i18n.language),
                  to: formatDay(e.ends_on, i18n.language),
                  classes: new Set(e.papers.map((p) => p.class_name)).size,
                  subjects: new Set(e.papers.map((p) => p.subject_id)).size,
                })}
              </Typography>
            </Stack>
            <Chip
              size="small"
              color={STATE_COLOURS[e.state]}
              label={t(`academics.exams.states.${e.state}`)}
            />
            {canConfigure && (
              <Button
                size="small"
                variant={e.state === 'published' ? 'text' : 'outlined'}
                color={e.state === 'published' ? 'error' : 'primary'}
                onClick={() => setActing({ exam: e, action: next(e) })}
              >
                {t(`academics.exams.actions.${next(e)}`)}
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
      {creating && <ExamDialog onClose={() => setCreating(false)} />}
      {acting && <ConfirmState exam={acting.exam} action={acting.action} onClose={() => setActing(null)} />}
    </Stack>
  );
}
