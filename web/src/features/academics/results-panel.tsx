import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Analysis, Exam } from '@schooliko/common/academics/exams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { messageText } from '../../kit/forms/messages';
import { openFile } from '../../kit/lists/download';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useLiveJob } from '../jobs';
import { useStudentsQuery } from '../people';
import { ExamPicker } from './exam-picker';
import {
  reportCardPath,
  reportCardsPath,
  useAnalysisQuery,
  useSheetsQuery,
  useStartReportCardsMutation,
} from './exams.api';

/** A grade distribution as plain bars (no chart library): the count per grade, scaled to the largest. */
function GradeBars({ grades, counts }: { grades: string[]; counts: Record<string, number> }) {
  const top = Math.max(1, ...grades.map((g) => counts[g] ?? 0));
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end', height: 48 }}>
      {grades.map((g) => (
        <Stack key={g} sx={{ alignItems: 'center', width: 22 }} title={`${g}: ${counts[g] ?? 0}`}>
          <Box
            sx={{
              width: 14,
              height: 32 * ((counts[g] ?? 0) / top),
              minHeight: 1,
              bgcolor: 'primary.main',
              borderRadius: 0.5,
            }}
          />
          <Typography variant="caption" sx={{ fontSize: 10 }}>
            {g}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

function AnalysisTable({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation();
  const dash = (n: number | null) => (n === null ? '—' : String(n));
  if (!analysis.subjects.length)
    return <Alert severity="info">{t('academics.exams.results.noSubjects')}</Alert>;
  return (
    <Stack spacing={2}>
      <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              {['subject', 'appeared', 'average', 'highest', 'lowest', 'pass', 'grades'].map((k) => (
                <TableCell key={k}>{t(`academics.exams.results.columns.${k}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {analysis.subjects.map((s) => (
              <TableRow key={s.subject_id}>
                <TableCell>
                  {s.subject_name}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t('academics.exams.results.outOf', { max: s.max_marks })}
                  </Typography>
                </TableCell>
                <TableCell>
                  {s.appeared}
                  {s.absent > 0 && ` (${t('academics.exams.results.absent', { count: s.absent })})`}
                </TableCell>
                <TableCell>{dash(s.average)}</TableCell>
                <TableCell>{dash(s.highest)}</TableCell>
                <TableCell>{dash(s.lowest)}</TableCell>
                <TableCell>{s.pass_percent === null ? '—' : `${s.pass_percent} %`}</TableCell>
                <TableCell>
                  <GradeBars grades={analysis.grades} counts={s.grades} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('academics.exams.results.toppers')}
      </Typography>
      <Stack component="ol" sx={{ m: 0, pl: 3 }}>
        {analysis.toppers.map((p) => (
          <li key={p.student_id}>
            {t('academics.exams.results.topper', {
              name: p.name,
              total: p.total,
              max: p.max_total,
              percentage: p.percentage.toFixed(2),
              grade: p.grade,
            })}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** The section's report cards as one PDF, prepared by a job with its progress shown. */
function SectionReportCards({ sectionId, termId }: { sectionId: string; termId: string }) {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.auth.accessToken);
  const [start, starting] = useStartReportCardsMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { job, finished } = useLiveJob(jobId);
  const run = async () => {
    setError(null);
    try {
      setJobId((await start({ section_id: sectionId, term_id: termId }).unwrap()).job_id);
    } catch (e) {
      const f = failureOf(e, t('lists.failed'));
      setError(messageText(t, f.message, f.coded));
    }
  };
  const done = job?.progress.done ?? 0;
  const total = job?.progress.total ?? 0;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdf />}
          onClick={run}
          disabled={starting.isLoading || (!!jobId && !finished)}
        >
          {t('academics.exams.reportCards.all')}
        </Button>
        {job?.status === 'done' && jobId && (
          <Button
            variant="contained"
            startIcon={<Download />}
            onClick={() => void openFile(reportCardsPath(jobId), token)}
          >
            {t('academics.exams.reportCards.download', { count: Number(job.result?.pages ?? 0) })}
          </Button>
        )}
      </Stack>
      {jobId && !finished && (
        <Box>
          <LinearProgress
            variant={total ? 'determinate' : 'indeterminate'}
            value={total ? (done / total) * 100 : 0}
          />
          <Typography variant="caption" color="text.secondary">
            {t('academics.exams.reportCards.progress', { done, total })}
          </Typography>
        </Box>
      )}
      {job?.status === 'failed' && <Alert severity="error">{job.failure ?? t('lists.failed')}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/** One pupil's report card, picked from the section. */
function PupilReportCard({ sectionId, termId }: { sectionId: string; termId: string }) {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.auth.accessToken);
  const pupils = useStudentsQuery({ section_id: sectionId, limit: 100, sort: 'name' });
  const [studentId, setStudentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('academics.exams.reportCards.pupil')}
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        sx={{ minWidth: 240 }}
      >
        {(pupils.data?.items ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.full_name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        startIcon={<PictureAsPdf />}
        disabled={!studentId}
        onClick={() =>
          openFile(reportCardPath(studentId, termId), token).catch((e: Error) => setError(e.message))
        }
      >
        {t('academics.exams.reportCards.one')}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/** Results analysis of a section in an exam, and its report cards (staff with exams:read). */
export function ResultsPanel({ exams }: { exams: Exam[] }) {
  const { t } = useTranslation();
  const usable = exams.filter((e) => e.state !== 'draft');
  const [examId, setExamId] = useState('');
  const exam = usable.find((e) => e.id === examId) ?? usable[0];
  const sheets = useSheetsQuery(exam?.id ?? '', { skip: !exam });
  const sections = [
    ...new Map((sheets.data ?? []).map((s) => [s.section_id, s.section_label] as const)).entries(),
  ];
  const [sectionId, setSectionId] = useState('');
  const section = sections.find(([id]) => id === sectionId)?.[0] ?? sections[0]?.[0] ?? '';
  const analysis = useAnalysisQuery(
    { examId: exam?.id ?? '', section_id: section },
    { skip: !exam || !section },
  );
  if (!exam) return <Alert severity="info">{t('academics.exams.results.noExam')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <ExamPicker exams={usable} value={exam.id} onChange={setExamId} />
        <TextField
          select
          size="small"
          label={t('academics.exams.pickSection')}
          value={section}
          onChange={(e) => setSectionId(e.target.value)}
          sx={{ minWidth: 140 }}
        >
          {sections.map(([id, label]) => (
            <MenuItem key={id} value={id}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {exam.state !== 'published' && (
        <Alert severity="info">{t('academics.exams.results.notPublished')}</Alert>
      )}
      {sheets.isError ? (
        <LoadFailed onRetry={sheets.refetch} />
      ) : analysis.isLoading || sheets.isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : analysis.isError ? (
        <LoadFailed onRetry={analysis.refetch} />
      ) : analysis.data ? (
        <AnalysisTable analysis={analysis.data} />
      ) : null}
      {section && exam.state === 'published' && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('academics.exams.reportCards.title', { term: exam.term_name })}
            </Typography>
            <PupilReportCard sectionId={section} termId={exam.term_id} />
            <SectionReportCards key={section} sectionId={section} termId={exam.term_id} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
