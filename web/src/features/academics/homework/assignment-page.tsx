import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Assignment } from '@schooliko/common/academics/homework';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../kit/forms/confirm-dialog';
import { useCan, useFailure } from '../../../kit/forms/form-dialog';
import { LoadFailed } from '../../../kit/lists/load-failed';
import { formatDay } from '../dates';
import { FileChips } from './attachments';
import { useAssignmentQuery, useCancelHomeworkMutation, usePublishHomeworkMutation } from './homework.api';
import { MarkingPanel } from './marking-panel';
import { SetHomeworkDialog } from './set-homework-dialog';
import { SubmitPanel } from './submit-panel';

/**
 * Edit (who set it, until any work is marked), Publish (a draft) and Cancel (asked first: pupils
 * then see it as cancelled).
 */
function Actions({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const [publish, publishing] = usePublishHomeworkMutation();
  const [cancel, cancelling] = useCancelHomeworkMutation();
  const [asking, setAsking] = useState(false);
  const [editing, setEditing] = useState(false);
  const failure = useFailure()(publishing.error ?? cancelling.error);
  if (!assignment.can.edit && !assignment.can.manage) return null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {assignment.can.manage && assignment.state === 'draft' && (
        <Button variant="contained" onClick={() => publish(assignment.id)} disabled={publishing.isLoading}>
          {t('academics.homework.set.publish')}
        </Button>
      )}
      {assignment.can.edit && (
        <Button variant="outlined" startIcon={<Edit />} onClick={() => setEditing(true)}>
          {t('academics.homework.edit.button')}
        </Button>
      )}
      {assignment.can.manage && (
        <Button color="warning" onClick={() => setAsking(true)}>
          {t('academics.homework.cancel.button')}
        </Button>
      )}
      {editing && (
        <SetHomeworkDialog
          assignment={assignment}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
      {failure.message && !asking && <Alert severity="error">{failure.message}</Alert>}
      {asking && (
        <ConfirmDialog
          title={t('academics.homework.cancel.title')}
          text={t('academics.homework.cancel.text', { title: assignment.title })}
          action={t('academics.homework.cancel.confirm')}
          color="warning"
          busy={cancelling.isLoading}
          error={failure.message || null}
          onConfirm={async () => {
            try {
              await cancel(assignment.id).unwrap();
              setAsking(false);
            } catch {
              // Shown in the dialog.
            }
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}

/**
 * One assignment: what to do, when, its files; staff then see the roster and mark, a student
 * hands in work and reads the marks, a parent reads their child's.
 */
export default function AssignmentPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const studentId = search.get('student') ?? undefined;
  const staff = useCan('homework:read');
  const query = useAssignmentQuery({ id, student_id: studentId });
  const a = query.data;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Button
        component={RouterLink}
        to="/homework"
        startIcon={<ArrowBack />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('academics.homework.back')}
      </Button>
      {query.isLoading ? (
        <Skeleton variant="rounded" height={200} />
      ) : query.isError || !a ? (
        <LoadFailed
          onRetry={query.refetch}
          message={
            query.error && 'status' in query.error && query.error.status === 404
              ? t('academics.homework.notFound')
              : undefined
          }
        />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="h5" component="h1" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
                  {a.title}
                </Typography>
                {a.state !== 'published' && (
                  <Chip
                    label={t(`academics.homework.states.${a.state}`)}
                    color={a.state === 'cancelled' ? 'warning' : 'default'}
                  />
                )}
              </Stack>
              <Typography color="text.secondary">
                {a.section_label} · {a.subject_name} · {t(`academics.homework.kinds.${a.kind}`)}
                {a.teacher_name ? ` · ${a.teacher_name}` : ''}
              </Typography>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Chip
                  variant="outlined"
                  label={t('academics.homework.setOn', { date: formatDay(a.assigned_on, i18n.language) })}
                />
                <Chip
                  color="primary"
                  variant="outlined"
                  label={t('academics.homework.due', {
                    date: formatDay(a.due_on, i18n.language, true),
                    time: a.due_time ?? '',
                  }).trim()}
                />
                {a.max_marks !== null && (
                  <Chip variant="outlined" label={t('academics.homework.maxMarks', { max: a.max_marks })} />
                )}
              </Stack>
              {a.instructions && (
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {a.instructions}
                </Typography>
              )}
              <FileChips files={a.attachments} />
              {staff && <Actions assignment={a} />}
            </Stack>
          </Paper>
          {staff ? (
            a.state === 'draft' ? (
              <Alert severity="info">{t('academics.homework.draftHint')}</Alert>
            ) : (
              <MarkingPanel assignment={a} />
            )
          ) : (
            <SubmitPanel key={a.id} assignment={a} />
          )}
        </>
      )}
    </Stack>
  );
}
