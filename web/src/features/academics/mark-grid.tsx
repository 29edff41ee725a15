import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { MarkSheet, MarksInput, SheetRow } from '@schooliko/common/academics/exams';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { formatWhen } from '../../app/format-when';
import { errorsByPupil, messageText } from '../../kit/forms/messages';
import { ListTable } from '../../kit/lists/list-table';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useSaveMarksMutation, useSheetQuery } from './exams.api';
import { SheetFooter } from './sheet-footer';

type Entry = MarksInput['entries'][number];

/** What a cell shows for a saved entry: its marks or grade, AB (absent) or EX (exempt). */
function cellOf(row: SheetRow): string {
  if (row.status === 'absent') return 'AB';
  if (row.status === 'exempt') return 'EX';
  if (row.grade) return row.grade;
  return row.marks === null ? '' : String(row.marks);
}

/** A typed cell as an entry, or the reason it is not one (a key of academics.exams.grid). */
function parse(text: string, studentId: string, max: number, co: boolean): Entry | { error: string } | null {
  const v = text.trim().toUpperCase();
  if (!v) return null;
  if (v === 'AB' || v === 'A/B') return { student_id: studentId, status: 'absent', marks: null, grade: null };
  if (v === 'EX') return { student_id: studentId, status: 'exempt', marks: null, grade: null };
  if (co) {
    if (v === 'A' || v === 'B' || v === 'C')
      return { student_id: studentId, status: 'present', marks: null, grade: v };
    return { error: 'gradeInvalid' };
  }
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) return { error: 'notANumber' };
  if (!Number.isInteger(n * 2)) return { error: 'halfOnly' };
  if (n > max) return { error: 'aboveMax' };
  return { student_id: studentId, status: 'present', marks: n, grade: null };
}

/**
 * The mark-entry grid of a section and subject, like a spreadsheet: type marks (AB absent, EX
 * exempt; A, B or C for a co-scholastic area) and press Enter or Tab for the next pupil; one Save
 * sends the whole grid.
 */
export function MarkGrid({
  examId,
  sectionId,
  subjectId,
}: {
  examId: string;
  sectionId: string;
  subjectId: string;
}) {
  const { t, i18n } = useTranslation();
  const sheet = useSheetQuery({ examId, section_id: sectionId, subject_id: subjectId });
  if (sheet.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (sheet.isError || !sheet.data) return <LoadFailed onRetry={sheet.refetch} />;
  return (
    <Grid
      key={`${examId}:${sectionId}:${subjectId}`}
      sheet={sheet.data}
      target={{ examId, sectionId, subjectId }}
      lang={i18n.language}
      t={t}
    />
  );
}

function Grid({
  sheet,
  target,
  lang,
  t,
}: {
  sheet: MarkSheet;
  target: { examId: string; sectionId: string; subjectId: string };
  lang: string;
  t: ReturnType<typeof useTranslation>['t'];
}) {
  const co = sheet.subject_type === 'co_scholastic';
  const [cells, setCells] = useState<Record<string, string>>(() =>
    Object.fromEntries(sheet.rows.map((r) => [r.student_id, cellOf(r)])),
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSaveMarksMutation();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  // A saved sheet comes back from the server: show what it kept.
  useEffect(() => {
    setCells(Object.fromEntries(sheet.rows.map((r) => [r.student_id, cellOf(r)])));
  }, [sheet]);

  const parsed = sheet.rows.map((r) => parse(cells[r.student_id] ?? '', r.student_id, sheet.max_marks, co));
  const changed = sheet.rows.filter(
    (r, n) => (cells[r.student_id] ?? '') !== cellOf(r) && parsed[n] !== null,
  );
  const invalid = parsed.some((p) => p && 'error' in p);
  const entered = parsed.filter((p) => p && !('error' in p)).length;

  const move = (n: number, e: KeyboardEvent) => {
    const next =
      e.key === 'Enter'
        ? e.shiftKey
          ? n - 1
          : n + 1
        : e.key === 'ArrowDown'
          ? n + 1
          : e.key === 'ArrowUp'
            ? n - 1
            : null;
    if (next === null) return;
    e.preventDefault();
    inputs.current[Math.max(0, Math.min(sheet.rows.length - 1, next))]?.focus();
    inputs.current[Math.max(0, Math.min(sheet.rows.length - 1, next))]?.select();
  };

  const submit = async () => {
    setNote(null);
    setServerErrors({});
    const entries = sheet.rows.flatMap((r, n) => {
      const p = parsed[n];
      return p && !('error' in p) && changed.includes(r) ? [p] : [];
    });
    if (!entries.length) return;
    try {
      await save({
        examId: target.examId,
        body: { section_id: target.sectionId, subject_id: target.subjectId, entries },
      }).unwrap();
      setNote({ ok: true, text: t('academics.exams.grid.saved', { count: entries.length }) });
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setServerErrors(errorsByPupil(t, failure, 'entries', entries));
      setNote({ ok: false, text: messageText(t, failure.message, failure.coded) });
    }
  };

  // The pupil's place in the sheet: Enter moves from one mark box to the next, in a table or in cards.
  const rows = sheet.rows.map((r, n) => ({ ...r, n }));
  const columns: GridColDef<(typeof rows)[number]>[] = [
    {
      field: 'roll_no',
      headerName: t('academics.exams.grid.roll'),
      width: 56,
      valueFormatter: (v: string) => v || '—',
    },
    {
      field: 'name',
      headerName: t('academics.exams.grid.pupil'),
      renderCell: ({ row: r }) => (
        <>
          <Typography component="span" variant="body2" sx={{ fontWeight: 500, display: 'block' }}>
            {r.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {r.admission_no}
          </Typography>
        </>
      ),
    },
    {
      field: 'marks',
      headerName: co
        ? t('academics.exams.grid.grade')
        : t('academics.exams.grid.marks', { max: sheet.max_marks }),
      width: 130,
      renderCell: ({ row: r }) => {
        const p = parsed[r.n];
        const error =
          p && 'error' in p
            ? t(`academics.exams.grid.errors.${p.error}`, { max: sheet.max_marks })
            : serverErrors[r.student_id];
        return (
          <TextField
            size="small"
            value={cells[r.student_id] ?? ''}
            disabled={!sheet.can_edit}
            onChange={(e) => setCells((c) => ({ ...c, [r.student_id]: e.target.value }))}
            onKeyDown={(e) => move(r.n, e)}
            onFocus={(e) => e.target.select()}
            error={Boolean(error)}
            helperText={error}
            inputRef={(el: HTMLInputElement | null) => {
              inputs.current[r.n] = el;
            }}
            slotProps={{
              htmlInput: {
                'aria-label': t('academics.exams.grid.cellLabel', { name: r.name }),
                inputMode: co ? 'text' : 'decimal',
                // Enter on a phone's keyboard says "next" while it moves to the next pupil.
                enterKeyHint: r.n < rows.length - 1 ? 'next' : 'done',
                autoComplete: 'off',
                style: { textTransform: 'uppercase' },
              },
            }}
            sx={{ width: 110 }}
          />
        );
      },
    },
    {
      field: 'entered_by',
      headerName: t('academics.exams.grid.savedBy'),
      renderCell: ({ row: r }) => (
        <Typography variant="caption" color="text.secondary">
          {r.entered_by
            ? t('academics.exams.grid.savedLine', {
                by: r.entered_by,
                at: formatWhen(r.entered_at ?? '', lang),
              })
            : '—'}
        </Typography>
      ),
    },
  ];

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ mr: 'auto' }}>
          {t('academics.exams.grid.title', {
            exam: sheet.exam_name,
            section: sheet.section_label,
            subject: sheet.subject_name,
          })}
        </Typography>
        <Typography color="text.secondary">
          {co
            ? t('academics.exams.grid.coScholastic')
            : t('academics.exams.grid.max', { max: sheet.max_marks, pass: sheet.pass_marks })}
        </Typography>
      </Stack>
      {!sheet.can_edit && (
        <Alert severity="info">
          {t(
            sheet.state === 'marks_entry'
              ? 'academics.exams.grid.notYours'
              : `academics.exams.grid.closed.${sheet.state}`,
          )}
        </Alert>
      )}
      {sheet.can_edit && (
        <Typography color="text.secondary">
          {t(co ? 'academics.exams.grid.hintCo' : 'academics.exams.grid.hint')}
        </Typography>
      )}
      <ListTable
        label={t('academics.exams.tabs.marks')}
        rows={rows}
        columns={columns}
        getRowId={(r) => r.student_id}
        card={{ title: 'name', facts: ['roll_no', 'marks'] }}
        empty={t('academics.exams.grid.noPupils')}
        maxHeight="65vh"
      />
      {note && <Alert severity={note.ok ? 'success' : 'error'}>{note.text}</Alert>}
      <SheetFooter
        progress={t('academics.exams.grid.progress', { entered, total: sheet.rows.length })}
        lastSaved={sheet.last_saved}
        save={
          sheet.can_edit
            ? {
                label: t('academics.exams.grid.save', { count: changed.length }),
                disabled: invalid || !changed.length || saving.isLoading,
                onClick: submit,
              }
            : undefined
        }
      />
    </Stack>
  );
}
