import Alert from '@mui/material/Alert';
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
import type { Exam } from '@schooliko/common/academics/exams';
import { REMARK_MAX, type RemarkSheet } from '@schooliko/common/academics/remarks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Remarks are written in Hindi and Marathi whatever the screen's language: the Devanagari face
// (fetched only once such text shows) keeps them readable where the device has none.
import '../../app/fonts/devanagari.css';
import { failureOf } from '../../app/api';
import { formatWhen } from '../../app/format-when';
import { useAppDispatch } from '../../app/hooks';
import { errorsByPupil, messageText } from '../../kit/forms/messages';
import { LoadFailed } from '../../kit/lists/load-failed';
import { toast } from '../../kit/toast/toast.slice';
import { ExamPicker } from './exam-picker';
import { useRemarkSectionsQuery, useRemarkSheetQuery, useSaveRemarksMutation } from './exams.api';
import { SheetFooter } from './sheet-footer';

/**
 * Report-card remarks: an exam (its term's cards), then a section the caller writes for (a class
 * teacher their own; admins and directors any), then the grid.
 */
export function RemarksTab({ exams }: { exams: Exam[] }) {
  const { t } = useTranslation();
  const usable = exams.filter((e) => e.state !== 'draft');
  const [examId, setExamId] = useState('');
  const exam = usable.find((e) => e.id === examId) ?? usable[0];
  const sections = useRemarkSectionsQuery(exam?.id ?? '', { skip: !exam });
  const [sectionId, setSectionId] = useState('');
  const list = sections.data ?? [];
  const section = list.find((s) => s.section_id === sectionId) ?? list[0];
  if (!exam) return <Alert severity="info">{t('academics.exams.remarks.noExam')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <ExamPicker
          exams={usable}
          value={exam.id}
          onChange={(id) => {
            setExamId(id);
            setSectionId('');
          }}
        />
        {list.length > 0 && (
          <TextField
            select
            size="small"
            label={t('academics.exams.remarks.section')}
            value={section?.section_id ?? ''}
            onChange={(e) => setSectionId(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            {list.map((s) => (
              <MenuItem key={s.section_id} value={s.section_id}>
                {t('academics.exams.remarks.option', {
                  section: s.section_label,
                  written: s.written,
                  total: s.total,
                })}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {sections.isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : sections.isError ? (
        <LoadFailed onRetry={sections.refetch} />
      ) : !section ? (
        <Alert severity="info">{t('academics.exams.remarks.noSections')}</Alert>
      ) : (
        <RemarkGrid examId={exam.id} sectionId={section.section_id} />
      )}
    </Stack>
  );
}

export function RemarkGrid({ examId, sectionId }: { examId: string; sectionId: string }) {
  const { t } = useTranslation();
  const sheet = useRemarkSheetQuery({ examId, section_id: sectionId });
  if (sheet.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (sheet.isError || !sheet.data) {
    const failure = sheet.error ? failureOf(sheet.error, t('lists.failed')) : null;
    return (
      <LoadFailed
        onRetry={sheet.refetch}
        message={failure ? messageText(t, failure.message, failure.coded) : undefined}
      />
    );
  }
  return <Grid key={`${examId}:${sectionId}`} sheet={sheet.data} examId={examId} />;
}

function Grid({ sheet, examId }: { sheet: RemarkSheet; examId: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const initial = () => Object.fromEntries(sheet.rows.map((r) => [r.student_id, r.remark]));
  const [texts, setTexts] = useState<Record<string, string>>(initial);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSaveRemarksMutation();
  // A saved sheet comes back from the server: show what it kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a new sheet arrives
  useEffect(() => setTexts(initial()), [sheet]);

  const text = (id: string) => texts[id] ?? '';
  const changed = sheet.rows.filter((r) => text(r.student_id).trim() !== r.remark);
  const tooLong = sheet.rows.some((r) => text(r.student_id).trim().length > REMARK_MAX);
  const written = sheet.rows.filter((r) => text(r.student_id).trim() !== '').length;

  const submit = async () => {
    setError(null);
    setRowErrors({});
    const remarks = changed.map((r) => ({ student_id: r.student_id, remark: text(r.student_id).trim() }));
    if (!remarks.length) return;
    try {
      await save({ examId, body: { section_id: sheet.section_id, remarks } }).unwrap();
      dispatch(toast.success(t('academics.exams.remarks.saved', { count: remarks.length })));
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setRowErrors(errorsByPupil(t, failure, 'remarks', remarks));
      setError(messageText(t, failure.message, failure.coded));
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6">
        {t('academics.exams.remarks.title', { section: sheet.section_label, term: sheet.term_name })}
      </Typography>
      <Typography color="text.secondary">
        {t('academics.exams.remarks.hint', { max: REMARK_MAX, term: sheet.term_name })}
      </Typography>
      {!sheet.rows.length ? (
        <Alert severity="info">{t('academics.exams.remarks.noPupils')}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: '65vh', overflowX: 'auto' }}>
          <Table size="small" stickyHeader sx={{ minWidth: { xs: 0, sm: 520 } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 48, display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('academics.exams.remarks.roll')}
                </TableCell>
                <TableCell sx={{ width: 200, display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('academics.exams.remarks.pupil')}
                </TableCell>
                <TableCell>{t('academics.exams.remarks.remark')}</TableCell>
                <TableCell sx={{ width: 170, display: { xs: 'none', md: 'table-cell' } }}>
                  {t('academics.exams.remarks.writtenBy')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sheet.rows.map((r) => {
                const value = text(r.student_id);
                const length = value.trim().length;
                const rowError =
                  length > REMARK_MAX
                    ? t('academics.exams.remarks.tooLong', { max: REMARK_MAX })
                    : rowErrors[r.student_id];
                return (
                  <TableRow key={r.student_id} hover sx={{ verticalAlign: 'top' }}>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {r.roll_no || '—'}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {r.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {r.admission_no}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5, display: { sm: 'none' } }}>
                        {`${r.roll_no ? `${r.roll_no}. ` : ''}${r.name}`}
                      </Typography>
                      <TextField
                        size="small"
                        fullWidth
                        multiline
                        maxRows={4}
                        value={value}
                        placeholder={
                          r.band_remark
                            ? t('academics.exams.remarks.fallback', { remark: r.band_remark })
                            : undefined
                        }
                        onChange={(e) => setTexts((c) => ({ ...c, [r.student_id]: e.target.value }))}
                        error={Boolean(rowError)}
                        helperText={
                          rowError ??
                          (length > REMARK_MAX - 50
                            ? t('academics.exams.remarks.count', { length, max: REMARK_MAX })
                            : undefined)
                        }
                        slotProps={{
                          htmlInput: {
                            'aria-label': t('academics.exams.remarks.cellLabel', { name: r.name }),
                            autoComplete: 'off',
                          },
                        }}
                        sx={{ minWidth: { sm: 200 } }}
                      />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      <Typography variant="caption" color="text.secondary">
                        {r.written_by && r.written_at && r.remark
                          ? `${r.written_by}, ${formatWhen(r.written_at, i18n.language)}`
                          : '—'}
                      </Typography>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <SheetFooter
        progress={t('academics.exams.remarks.progress', { written, total: sheet.rows.length })}
        lastSaved={sheet.last_saved}
        save={{
          label: t('academics.exams.remarks.save', { count: changed.length }),
          disabled: tooLong || !changed.length || saving.isLoading,
          onClick: submit,
        }}
      />
    </Stack>
  );
}
