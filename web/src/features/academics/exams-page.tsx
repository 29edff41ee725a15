import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Exam } from '@schooliko/common/academics/exams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { LoadFailed } from '../../kit/lists/load-failed';
import { ExamPicker } from './exam-picker';
import { useExamsQuery, useSheetsQuery } from './exams.api';
import { ExamsList } from './exams-office';
import { MarkGrid } from './mark-grid';
import { MyResults } from './my-results';
import { RemarksTab } from './remark-grid';
import { ResultsPanel } from './results-panel';
import { ScalesPanel } from './scales-panel';

type TabName = 'exams' | 'marks' | 'remarks' | 'results' | 'scales';

/** Marks entry: an exam open for marks, then one of its sections × subjects (the teacher's own first). */
function MarksTab({ exams }: { exams: Exam[] }) {
  const { t } = useTranslation();
  const open = [...exams].sort(
    (a, b) => Number(b.state === 'marks_entry') - Number(a.state === 'marks_entry'),
  );
  const usable = open.filter((e) => e.state !== 'draft');
  const [examId, setExamId] = useState('');
  const exam = usable.find((e) => e.id === examId) ?? usable[0];
  const sheets = useSheetsQuery(exam?.id ?? '', { skip: !exam });
  const [sheetKey, setSheetKey] = useState('');
  const list = sheets.data ?? [];
  const key = (s: { section_id: string; subject_id: string }) => `${s.section_id}:${s.subject_id}`;
  const sheet = list.find((s) => key(s) === sheetKey) ?? list[0];
  if (!exam) return <Alert severity="info">{t('academics.exams.marks.noExam')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <ExamPicker
          exams={usable}
          value={exam.id}
          onChange={(id) => {
            setExamId(id);
            setSheetKey('');
          }}
          describe={(e) => t(`academics.exams.states.${e.state}`)}
        />
        <TextField
          select
          size="small"
          label={t('academics.exams.marks.sheet')}
          value={sheet ? key(sheet) : ''}
          onChange={(e) => setSheetKey(e.target.value)}
          sx={{ minWidth: 280 }}
        >
          {list.map((s) => (
            <MenuItem key={key(s)} value={key(s)}>
              {t(s.mine ? 'academics.exams.marks.optionMine' : 'academics.exams.marks.option', {
                section: s.section_label,
                subject: s.subject_name,
                entered: s.entered,
                total: s.total,
              })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {sheets.isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : sheets.isError ? (
        <LoadFailed onRetry={sheets.refetch} />
      ) : !sheet ? (
        <Alert severity="info">{t('academics.exams.marks.noSheets')}</Alert>
      ) : (
        <MarkGrid examId={exam.id} sectionId={sheet.section_id} subjectId={sheet.subject_id} />
      )}
    </Stack>
  );
}

/** Exams (/exams): the office's exams and scales, teachers' mark entry, results and report cards; families' own results. */
export default function ExamsPage() {
  const { t } = useTranslation();
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const configure = permissions.includes('exams:configure');
  const marks = permissions.includes('exams:marks');
  const read = permissions.includes('exams:read');
  const remarks = permissions.some((p) => p === 'exams:remarks' || p === 'exams:remarks:own');
  const staff = configure || marks || read;
  const exams = useExamsQuery(undefined, { skip: !staff });
  const tabs: TabName[] = [
    ...(configure || read ? (['exams'] as const) : []),
    ...(marks ? (['marks'] as const) : []),
    ...(remarks ? (['remarks'] as const) : []),
    ...(read ? (['results'] as const) : []),
    ...(configure || read ? (['scales'] as const) : []),
  ];
  const [tab, setTab] = useState<TabName | null>(null);
  const shown = tab ?? (configure ? 'exams' : marks ? 'marks' : tabs[0]);
  const header = (
    <Stack spacing={1}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('academics.exams.title')}
      </Typography>
      <Typography color="text.secondary">
        {t(staff ? 'academics.exams.intro' : 'academics.exams.introOwn')}
      </Typography>
    </Stack>
  );
  if (!staff)
    return (
      <Stack spacing={2}>
        {header}
        <MyResults />
      </Stack>
    );
  const list = exams.data ?? [];
  return (
    <Stack spacing={2}>
      {header}
      <Tabs
        value={shown}
        onChange={(_, v: TabName) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`academics.exams.tabs.${name}`)} />
        ))}
      </Tabs>
      {exams.isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : exams.isError ? (
        <LoadFailed onRetry={exams.refetch} />
      ) : shown === 'exams' ? (
        <ExamsList exams={list} canConfigure={configure} />
      ) : shown === 'marks' ? (
        <MarksTab exams={list} />
      ) : shown === 'remarks' ? (
        <RemarksTab exams={list} />
      ) : shown === 'results' ? (
        <ResultsPanel exams={list} />
      ) : (
        <ScalesPanel canConfigure={configure} />
      )}
    </Stack>
  );
}
