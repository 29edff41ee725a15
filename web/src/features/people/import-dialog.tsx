import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ImportKind, type ImportResult, importBodySchema } from '@schooliko/common/people/imports';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { messageText } from '../../kit/forms/messages';
import { FormAlert, useSchemaForm } from '../../kit/forms/schema-form';
import { downloadFile } from '../../kit/lists/download';
import { useLiveJob } from '../jobs';
import { peopleApi } from './people.api';

type Mode = 'preview' | 'import';

/** What each list shows again once its import has written rows. */
const REFRESH = {
  students: ['Students', 'Sections'],
  staff: ['Staff'],
  guardians: ['Guardians', 'Students'],
} as const satisfies Record<ImportKind, readonly string[]>;

/**
 * Import students, staff or guardians: pick a CSV or Excel file, check it (every row's errors,
 * nothing written), then import the valid rows, watching a progress bar; both run as a job on the
 * server.
 */
export default function ImportDialog({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.accessToken);
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('preview');
  const { job, finished } = useLiveJob(jobId);
  const result = job?.status === 'done' ? (job.result as ImportResult) : null;
  const importedRows = mode === 'import' && result ? result.imported : 0;
  useEffect(() => {
    // The list behind the dialog shows the new records as soon as the import is done.
    if (importedRows > 0) dispatch(peopleApi.util.invalidateTags([...REFRESH[kind]]));
  }, [importedRows, dispatch, kind]);

  // The options sent beside the file (importBodySchema): check only, or import the valid rows.
  const { form, submit, alert, setAlert } = useSchemaForm({
    schema: importBodySchema,
    defaultValues: { mode: 'preview' as Mode },
    fallback: t('lists.failed'),
    send: async ({ mode: next }) => {
      if (!file) return;
      const body = new FormData();
      body.append('mode', next);
      body.append('file', file);
      const res = await fetch(`/api/imports/${kind}`, {
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        body,
      });
      const data = (await res.json()) as { data?: { job_id: string } };
      // Read as any refused call: the server's message, in the reader's language.
      if (!res.ok || !data.data) throw { status: res.status, data };
      setMode(next);
      setJobId(data.data.job_id);
    },
  });
  const sending = form.formState.isSubmitting;
  const send = (next: Mode) => {
    form.setValue('mode', next);
    void submit();
  };

  const running = Boolean(jobId) && !finished;
  const progress = job?.progress;
  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="md">
      <DialogTitle>{t(`people.imports.${kind}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{t(`people.imports.${kind}.help`)}</Typography>
          <Link
            component="button"
            type="button"
            onClick={() =>
              void downloadFile(`/imports/${kind}/template?format=xlsx`, token, `${kind}-template.xlsx`)
            }
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('people.downloadTemplate')}
          </Link>
          <Button variant="outlined" component="label" disabled={running} sx={{ alignSelf: 'flex-start' }}>
            {t('people.chooseFile')}
            <input
              hidden
              type="file"
              aria-label={t('people.chooseFile')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setJobId(null);
                setAlert(null);
              }}
            />
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
          <FormAlert text={alert} />
          {running && (
            <Stack spacing={1}>
              <LinearProgress
                variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
                value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0}
                aria-label={t(`people.imports.${kind}.title`)}
              />
              <Typography variant="body2">
                {mode === 'import' && progress && progress.total > 0
                  ? t('people.importing', { done: progress.done, total: progress.total })
                  : t('people.checking')}
              </Typography>
            </Stack>
          )}
          {job?.status === 'failed' && (
            <Alert severity="error">
              {t('people.jobFailed', { reason: messageText(t, job.failure ?? '') })}
            </Alert>
          )}
          {result && (
            <Alert severity={result.invalid ? 'warning' : 'success'}>
              {result.mode === 'import'
                ? t(`people.imports.${kind}.done`, { imported: result.imported })
                : t('people.checked', result)}
            </Alert>
          )}
          {finished && job && job.errors.length > 0 && (
            <>
              <Typography variant="body2">{t('people.rowErrors')}</Typography>
              <Table size="small" aria-label={t('people.rowErrors')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('people.line')}</TableCell>
                    <TableCell>{t('people.field')}</TableCell>
                    <TableCell>{t('people.problem')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {job.errors.slice(0, 200).map((e) => (
                    <TableRow key={`${e.line}:${e.field}:${e.message}`}>
                      <TableCell>{e.line}</TableCell>
                      <TableCell>{t(`people.fields.${e.field}`, { defaultValue: e.field })}</TableCell>
                      <TableCell>{messageText(t, e.message)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {t('people.close')}
        </Button>
        <Button variant="outlined" disabled={!file || running || sending} onClick={() => send('preview')}>
          {t('people.preview')}
        </Button>
        {result?.mode === 'preview' && result.valid > 0 && (
          <Button variant="contained" disabled={running || sending} onClick={() => send('import')}>
            {t('people.importValid', { count: result.valid })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
