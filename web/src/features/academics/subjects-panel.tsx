import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PERIOD_KINDS,
  type PeriodKind,
  SUBJECT_TYPES,
  type Subject,
  type SubjectType,
  subjectInputSchema,
} from '@schooliko/common/academics/timetable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField, RhfMultiSelectField } from '../../kit/forms/typed-fields';
import { TimeField } from '../../kit/forms/when-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useSchoolClassesQuery } from '../people';
import {
  useBellScheduleQuery,
  useSaveBellScheduleMutation,
  useSaveSubjectMutation,
  useSubjectsQuery,
} from './timetable.api';

type Failure = { text: string; fields: Record<string, string> };

function useFailure() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const fail = (e: unknown) => {
    const f = failureOf(e, t('lists.failed'));
    setFailure({
      text: messageText(t, f.message, f.coded),
      fields: Object.fromEntries(
        Object.entries(f.errors).map(([k, v]) => [k, messageText(t, v, f.codes[k])]),
      ),
    });
  };
  return { failure, fail, reset: () => setFailure(null) };
}

function SubjectDialog({ subject, onClose }: { subject: Subject | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: classes = [] } = useSchoolClassesQuery();
  const [save] = useSaveSubjectMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: subjectInputSchema,
    defaultValues: {
      name: subject?.name ?? '',
      code: subject?.code ?? '',
      type: subject?.type ?? ('compulsory' as SubjectType),
      class_ids: subject?.class_ids ?? [],
      active: subject?.active ?? true,
    },
    fallback: t('lists.failed'),
    send: async (body) => {
      await save({ id: subject?.id, body }).unwrap();
      onClose();
    },
  });
  const _busy = form.formState.isSubmitting;
  return (
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={t(subject ? 'academics.subjects.edit' : 'academics.subjects.add')}
      cancel={t('academics.timetable.cancel')}
      onClose={onClose}
      action={t('academics.timetable.save')}
      alertFirst
    >
      <RhfTextField
        name="name"
        size="medium"
        label={t('academics.subjects.fields.name')}
        required
        autoFocus
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfTextField
          name="code"
          size="medium"
          label={t('academics.subjects.fields.code')}
          clean={(raw) => raw.toUpperCase()}
          helperText={t('academics.subjects.codeHint')}
          required
        />
        <RhfSelectField
          name="type"
          size="medium"
          label={t('academics.subjects.fields.type')}
          options={SUBJECT_TYPES.map((k) => ({ value: k, label: t(`academics.subjects.types.${k}`) }))}
        />
      </Stack>
      <RhfMultiSelectField
        name="class_ids"
        label={t('academics.subjects.fields.classes')}
        options={classes.map((c) => ({ value: c.id, label: c.name }))}
        helperText={t('academics.subjects.classesHint')}
      />
      <RhfCheckField name="active" toggle label={t('academics.subjects.fields.active')} />
    </SchemaFormDialog>
  );
}

/** The subjects: what is taught, in which classes; add and edit. */
export function SubjectsPanel() {
  const { t } = useTranslation();
  const subjects = useSubjectsQuery();
  const { data: classes = [] } = useSchoolClassesQuery();
  const [editing, setEditing] = useState<Subject | null | 'new'>(null);
  const names = (ids: string[]) =>
    ids.length
      ? ids.map((id) => classes.find((c) => c.id === id)?.name ?? '').join(', ')
      : t('academics.subjects.allClasses');
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" sx={{ mr: 'auto' }}>
          {t('academics.subjects.title')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('academics.subjects.add')}
        </Button>
      </Stack>
      {subjects.isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : subjects.isError ? (
        <LoadFailed onRetry={subjects.refetch} />
      ) : !subjects.data?.length ? (
        <Alert severity="info">{t('academics.subjects.empty')}</Alert>
      ) : (
        <Paper variant="outlined">
          <List dense>
            {subjects.data.map((s) => (
              <ListItemButton key={s.id} onClick={() => setEditing(s)}>
                <ListItemText
                  primary={
                    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>
                        {s.name} ({s.code})
                      </span>
                      <Chip size="small" label={t(`academics.subjects.types.${s.type}`)} />
                      {!s.active && (
                        <Chip size="small" color="warning" label={t('academics.subjects.inactive')} />
                      )}
                    </Stack>
                  }
                  secondary={names(s.class_ids)}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {editing && (
        <SubjectDialog subject={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

type Row = { label: string; kind: PeriodKind; starts_at: string; ends_at: string };

function BellEditor({ initial }: { initial: Row[] }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(initial);
  const [save, saving] = useSaveBellScheduleMutation();
  const { failure, fail, reset } = useFailure();
  const [saved, setSaved] = useState(false);
  const set = (n: number, patch: Partial<Row>) =>
    setRows(rows.map((r, i) => (i === n ? { ...r, ...patch } : r)));
  const submit = async () => {
    reset();
    setSaved(false);
    try {
      await save({ periods: rows }).unwrap();
      setSaved(true);
    } catch (e) {
      fail(e);
    }
  };
  const last = rows.at(-1);
  return (
    <Stack spacing={1.5}>
      {failure && <Alert severity="error">{failure.text}</Alert>}
      {saved && <Alert severity="success">{t('academics.messages.timetable.scheduleSaved')}</Alert>}
      {!rows.length && <Alert severity="info">{t('academics.bell.empty')}</Alert>}
      {rows.map((r, n) => (
        <Stack
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions: period numbers are their places
          key={n}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{
            alignItems: { sm: 'center' },
            pb: { xs: 1.5, sm: 0 },
            borderBottom: { xs: 1, sm: 0 },
            borderColor: 'divider',
          }}
        >
          <Typography sx={{ width: 24 }} color="text.secondary">
            {n + 1}
          </Typography>
          <TextField
            size="small"
            label={t('academics.bell.label')}
            value={r.label}
            onChange={(e) => set(n, { label: e.target.value })}
          />
          <TextField
            size="small"
            select
            label={t('academics.bell.kind')}
            value={r.kind}
            onChange={(e) => set(n, { kind: e.target.value as PeriodKind })}
            sx={{ minWidth: 130 }}
          >
            {PERIOD_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`academics.timetable.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TimeField
            fullWidth={false}
            label={t('academics.bell.starts')}
            value={r.starts_at}
            onChange={(time) => set(n, { starts_at: time })}
            onWrongText={(text) => set(n, { starts_at: text })}
            error={!!failure?.fields[`periods.${n}.starts_at`]}
            helperText={failure?.fields[`periods.${n}.starts_at`]}
          />
          <TimeField
            fullWidth={false}
            label={t('academics.bell.ends')}
            value={r.ends_at}
            onChange={(time) => set(n, { ends_at: time })}
            onWrongText={(text) => set(n, { ends_at: text })}
            error={!!failure?.fields[`periods.${n}.ends_at`]}
            helperText={failure?.fields[`periods.${n}.ends_at`]}
          />
          <IconButton
            aria-label={t('academics.bell.remove', { n: n + 1 })}
            onClick={() => setRows(rows.filter((_, i) => i !== n))}
          >
            <Delete />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button
          startIcon={<Add />}
          onClick={() =>
            setRows([
              ...rows,
              {
                label: `${t('academics.timetable.period')} ${rows.length + 1}`,
                kind: 'lesson',
                starts_at: last?.ends_at ?? '08:00',
                ends_at: last?.ends_at ?? '08:40',
              },
            ])
          }
        >
          {t('academics.bell.addRow')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving.isLoading || !rows.length}>
          {t('academics.bell.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The bell schedule editor: rows of label, kind and times; saving replaces the schedule. */
export function BellSchedulePanel() {
  const { t } = useTranslation();
  const bell = useBellScheduleQuery();
  return (
    <Stack spacing={2}>
      <Typography variant="h6">{t('academics.bell.title')}</Typography>
      <Typography color="text.secondary">{t('academics.bell.intro')}</Typography>
      {bell.isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : bell.isError ? (
        <LoadFailed onRetry={bell.refetch} />
      ) : (
        <BellEditor
          initial={(bell.data ?? []).map(({ label, kind, starts_at, ends_at }) => ({
            label,
            kind,
            starts_at,
            ends_at,
          }))}
        />
      )}
    </Stack>
  );
}
