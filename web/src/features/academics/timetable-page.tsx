import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Period, TimetableEntry } from '@schooliko/common/academics/timetable';
import type { Section } from '@schooliko/common/people/classes';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useSectionsQuery, useStaffQuery, useStudentsQuery } from '../people';
import { EntryDialog } from './entry-dialog';
import { BellSchedulePanel, SubjectsPanel } from './subjects-panel';
import { staffName, TeacherDay } from './teacher-day';
import { type TimetableView, useBellScheduleQuery, useTimetableQuery } from './timetable.api';
import { type GridKind, TimetableGrid } from './timetable-grid';

type TabName = 'class' | 'teacher' | 'room' | 'subjects' | 'bell';

/** A picker of the sections, teachers or rooms to show. */
function Picker({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220 }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One week: the grid, its loading, empty and failure states, and a print button. */
function Week({
  view,
  title,
  kind,
  periods,
  onCell,
  children,
}: {
  view: TimetableView | null;
  title: string;
  kind: GridKind;
  periods: Period[];
  onCell?: (day: number, period: Period, entry: TimetableEntry | undefined) => void;
  children?: (entries: TimetableEntry[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const week = useTimetableQuery(view ?? { room: '' }, { skip: !view });
  if (!view) return <Alert severity="info">{t('academics.timetable.pickFirst')}</Alert>;
  if (week.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (week.isError) return <LoadFailed onRetry={week.refetch} />;
  const entries = week.data ?? [];
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ mr: 'auto' }}>
          {title}
        </Typography>
        <Button startIcon={<Print />} onClick={() => window.print()}>
          {t('academics.timetable.print')}
        </Button>
      </Stack>
      {!entries.length && (
        <Alert severity="info">
          {t(onCell ? 'academics.timetable.emptyEditable' : 'academics.timetable.empty')}
        </Alert>
      )}
      <TimetableGrid title={title} periods={periods} entries={entries} kind={kind} onCell={onCell} />
      {children?.(entries)}
    </Stack>
  );
}

/** A student's or parent's week: the sections of the pupils they may see (GET /api/students). */
function OwnWeek({ periods }: { periods: Period[] }) {
  const { t } = useTranslation();
  const mine = useStudentsQuery({ limit: 20 });
  const sections = [
    ...new Map(
      (mine.data?.items ?? []).flatMap((s) =>
        s.section_id ? [[s.section_id, s.section_name] as const] : [],
      ),
    ).entries(),
  ];
  const [picked, setPicked] = useState('');
  const sectionId = picked || sections[0]?.[0] || '';
  if (mine.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (mine.isError) return <LoadFailed onRetry={mine.refetch} />;
  if (!sections.length) return <Alert severity="info">{t('academics.timetable.noSection')}</Alert>;
  const label = sections.find(([id]) => id === sectionId)?.[1] ?? '';
  return (
    <Stack spacing={2}>
      {sections.length > 1 && (
        <Picker
          label={t('academics.timetable.fields.section')}
          value={sectionId}
          options={sections.map(([value, name]) => ({ value, label: name ?? '' }))}
          onChange={setPicked}
        />
      )}
      <Week
        view={{ section_id: sectionId }}
        title={t('academics.timetable.classWeek', { section: label })}
        kind="section"
        periods={periods}
      />
    </Stack>
  );
}

/** Timetable (/timetable): weeks by class, teacher and room; planners edit, arrange substitutes, and keep subjects and bells. */
export default function TimetablePage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.auth.user);
  const permissions = user?.permissions ?? [];
  const canWrite = permissions.includes('timetable:write');
  const readsAll = permissions.includes('timetable:read');
  const bell = useBellScheduleQuery();
  const sections = useSectionsQuery(undefined, { skip: !readsAll });
  const teachers = useStaffQuery({ kind: 'teacher', limit: 100, sort: 'name' }, { skip: !readsAll });
  const teacherList = teachers.data?.items ?? [];
  const me = teacherList.find((s) => user?.email && s.email === user.email);
  const [tab, setTab] = useState<TabName | null>(null);
  const shown: TabName = tab ?? (me && !canWrite ? 'teacher' : 'class');
  const [sectionId, setSectionId] = useState('');
  const [teacherId, setTeacherId] = useState('');
  const [room, setRoom] = useState('');
  const [editing, setEditing] = useState<{ day: number; period: Period; entry?: TimetableEntry } | null>(
    null,
  );

  const sectionList: Section[] = sections.data ?? [];
  const section = sectionList.find((s) => s.id === sectionId) ?? sectionList[0];
  const teacher = teacherList.find((s) => s.id === teacherId) ?? me ?? teacherList[0];
  const rooms = [...new Set(sectionList.map((s) => s.room).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const roomShown = room || rooms[0] || '';
  const periods = bell.data ?? [];

  const header = (
    <Stack spacing={1}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('academics.timetable.title')}
      </Typography>
      <Typography color="text.secondary">
        {t(readsAll ? 'academics.timetable.intro' : 'academics.timetable.introOwn')}
      </Typography>
    </Stack>
  );
  if (bell.isLoading)
    return (
      <Stack spacing={2}>
        {header}
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  if (bell.isError)
    return (
      <Stack spacing={2}>
        {header}
        <LoadFailed onRetry={bell.refetch} />
      </Stack>
    );
  const noBell = !periods.length && (
    <Alert severity="info">
      {t(canWrite ? 'academics.timetable.noBellPlanner' : 'academics.timetable.noBell')}
    </Alert>
  );

  if (!readsAll)
    return (
      <Stack spacing={2}>
        {header}
        {noBell || <OwnWeek periods={periods} />}
      </Stack>
    );

  const pickersFailed = sections.isError || teachers.isError;
  return (
    <Stack spacing={2}>
      {header}
      <Tabs
        value={shown}
        onChange={(_, v: TabName) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ '@media print': { display: 'none' } }}
      >
        <Tab value="class" label={t('academics.timetable.tabs.class')} />
        <Tab value="teacher" label={t('academics.timetable.tabs.teacher')} />
        <Tab value="room" label={t('academics.timetable.tabs.room')} />
        {canWrite && <Tab value="subjects" label={t('academics.timetable.tabs.subjects')} />}
        {canWrite && <Tab value="bell" label={t('academics.timetable.tabs.bell')} />}
      </Tabs>
      {shown === 'subjects' ? (
        <SubjectsPanel />
      ) : shown === 'bell' ? (
        <BellSchedulePanel />
      ) : noBell ? (
        noBell
      ) : pickersFailed ? (
        <LoadFailed
          onRetry={() => {
            sections.refetch();
            teachers.refetch();
          }}
        />
      ) : sections.isLoading || teachers.isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : shown === 'class' ? (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ '@media print': { display: 'none' } }}>
            <Picker
              label={t('academics.timetable.fields.section')}
              value={section?.id ?? ''}
              options={sectionList.map((s) => ({ value: s.id, label: s.label }))}
              onChange={setSectionId}
            />
          </Stack>
          <Week
            view={section ? { section_id: section.id } : null}
            title={t('academics.timetable.classWeek', { section: section?.label ?? '' })}
            kind="section"
            periods={periods}
            onCell={canWrite ? (day, period, entry) => setEditing({ day, period, entry }) : undefined}
          />
          {editing && section && (
            <EntryDialog
              section={section}
              day={editing.day}
              period={editing.period}
              entry={editing.entry}
              teachers={teacherList}
              onClose={() => setEditing(null)}
            />
          )}
        </Stack>
      ) : shown === 'teacher' ? (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ '@media print': { display: 'none' } }}>
            <Picker
              label={t('academics.timetable.fields.teacher')}
              value={teacher?.id ?? ''}
              options={teacherList.map((s) => ({ value: s.id, label: staffName(s) }))}
              onChange={setTeacherId}
            />
          </Stack>
          <Week
            view={teacher ? { teacher_id: teacher.id } : null}
            title={t('academics.timetable.teacherWeek', { teacher: teacher ? staffName(teacher) : '' })}
            kind="teacher"
            periods={periods}
          >
            {(entries) =>
              teacher && (
                <TeacherDay teacher={teacher} entries={entries} periods={periods} canWrite={canWrite} />
              )
            }
          </Week>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ '@media print': { display: 'none' } }}>
            <Picker
              label={t('academics.timetable.fields.room')}
              value={roomShown}
              options={rooms.map((r) => ({ value: r, label: r }))}
              onChange={setRoom}
            />
          </Stack>
          <Week
            view={roomShown ? { room: roomShown } : null}
            title={t('academics.timetable.roomWeek', { room: roomShown })}
            kind="room"
            periods={periods}
          />
        </Stack>
      )}
    </Stack>
  );
}
