import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ExamResult } from '@schooliko/common/academics/exams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { openFile } from '../../kit/lists/download';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useStudentsQuery } from '../people';
import { reportCardPath, useResultsQuery } from './exams.api';

function ResultCard({ result }: { result: ExamResult }) {
  const { t } = useTranslation();
  const mark = (l: ExamResult['lines'][number]) =>
    l.status === 'absent'
      ? t('academics.exams.mine.absent')
      : l.status === 'exempt'
        ? t('academics.exams.mine.exempt')
        : l.subject_type === 'co_scholastic'
          ? '—'
          : l.marks === null
            ? '—'
            : `${l.marks} / ${l.max_marks}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" sx={{ mr: 'auto' }}>
          {`${result.exam_name} · ${result.term_name}`}
        </Typography>
        <Chip
          color="primary"
          label={t('academics.exams.mine.overall', {
            percentage: result.percentage.toFixed(2),
            grade: result.grade,
          })}
        />
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('academics.exams.mine.subject')}</TableCell>
            <TableCell>{t('academics.exams.mine.marks')}</TableCell>
            <TableCell>{t('academics.exams.mine.grade')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.lines.map((l) => (
            <TableRow key={l.subject_name}>
              <TableCell>{l.subject_name}</TableCell>
              <TableCell>{mark(l)}</TableCell>
              <TableCell>{l.grade || '—'}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{t('academics.exams.mine.total')}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{`${result.total} / ${result.max_total}`}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{result.grade}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Paper>
  );
}

/** A pupil's or a parent's published results (a parent picks the child), with the report card. */
export function MyResults() {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.auth.accessToken);
  const children = useStudentsQuery({ limit: 20 });
  const [picked, setPicked] = useState('');
  const list = children.data?.items ?? [];
  const studentId = picked || list[0]?.id || '';
  const results = useResultsQuery(studentId, { skip: !studentId });
  const [error, setError] = useState<string | null>(null);
  if (children.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (children.isError) return <LoadFailed onRetry={children.refetch} />;
  if (!list.length) return <Alert severity="info">{t('academics.exams.mine.noPupil')}</Alert>;
  const items = results.data ?? [];
  const latest = items.at(-1);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {list.length > 1 && (
          <TextField
            select
            size="small"
            label={t('academics.exams.mine.child')}
            value={studentId}
            onChange={(e) => setPicked(e.target.value)}
            sx={{ minWidth: 220 }}
          >
            {list.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.full_name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {latest && (
          <Button
            variant="contained"
            startIcon={<PictureAsPdf />}
            onClick={() =>
              openFile(reportCardPath(studentId, latest.term_id), token).catch((e: Error) =>
                setError(e.message),
              )
            }
          >
            {t('academics.exams.mine.reportCard', { term: latest.term_name })}
          </Button>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {results.isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : results.isError ? (
        <LoadFailed onRetry={results.refetch} />
      ) : !items.length ? (
        <Alert severity="info">{t('academics.exams.mine.none')}</Alert>
      ) : (
        [...items].reverse().map((r) => <ResultCard key={r.exam_id} result={r} />)
      )}
    </Stack>
  );
}
