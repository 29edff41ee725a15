import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { DayStatus } from '@schooliko/common/academics/calendar';
import type { HomeDashboard } from '@schooliko/common/home';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { emptyDayNote } from './day-note';
import { Panel } from './panel';

type Cards = Required<HomeDashboard>;

/** One row of a work panel: what, a line under it, an optional chip, and its progress. */
function Row(props: { to: string; primary: string; secondary: string; chip?: ReactNode; done?: number }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={props.to}
      sx={{ borderRadius: 1, px: 1, flexWrap: 'wrap', columnGap: 1 }}
    >
      <ListItemText sx={{ minWidth: 0, flex: 1 }} primary={props.primary} secondary={props.secondary} />
      {props.chip}
      {props.done !== undefined && (
        <LinearProgress
          variant="determinate"
          value={Math.round(props.done * 100)}
          sx={{ width: '100%', height: 6, borderRadius: 3, mb: 0.5 }}
          aria-label={props.primary}
        />
      )}
    </ListItemButton>
  );
}

/**
 * A teacher's sections whose attendance today is still to take (and those taken). On a holiday or
 * weekly off it says the school is closed, not that the teacher leads no section (issue 32).
 */
export function AttendancePanel({
  items,
  day,
}: {
  items: Cards['attendance_to_take'] | undefined;
  day: DayStatus | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Panel
      id="home-attendance"
      title={t('academics.home.attendance.title')}
      loading={!items || !day}
      empty={day ? emptyDayNote(t, day, items?.length ?? 0, t('academics.home.attendance.empty')) : null}
    >
      <List dense disablePadding aria-label={t('academics.home.attendance.title')}>
        {items?.map((s) => (
          <Row
            key={s.section_id}
            to="/attendance"
            primary={s.label}
            secondary={
              s.marked ? t('academics.home.attendance.taken') : t('academics.home.attendance.toTake')
            }
            chip={
              <Chip
                size="small"
                color={s.marked ? 'success' : 'warning'}
                label={s.marked ? t('academics.home.attendance.done') : t('academics.home.attendance.take')}
              />
            }
          />
        ))}
      </List>
    </Panel>
  );
}

/** A teacher's homework not yet due, with how many pupils have handed it in. */
export function AssignmentsPanel({ data }: { data: Cards['active_assignments'] | undefined }) {
  const { t } = useTranslation();
  return (
    <Panel
      id="home-assignments"
      title={t('academics.home.assignments.title')}
      loading={!data}
      empty={data?.items.length ? null : t('academics.home.assignments.empty')}
    >
      <List dense disablePadding aria-label={t('academics.home.assignments.title')}>
        {data?.items.map((a) => (
          <Row
            key={a.id}
            to={`/homework/${a.id}`}
            primary={a.title}
            secondary={t('academics.home.assignments.line', {
              section: a.section_label,
              subject: a.subject_name,
              due: a.due_on,
              submitted: a.submitted,
              total: a.total,
            })}
            done={a.total ? a.submitted / a.total : 0}
          />
        ))}
      </List>
    </Panel>
  );
}

/** Mark sheets a teacher has still to complete, each with how many pupils have marks. */
export function GradesPanel({ data }: { data: Cards['pending_grades'] | undefined }) {
  const { t } = useTranslation();
  return (
    <Panel
      id="home-grades"
      title={t('academics.home.grades.title')}
      loading={!data}
      empty={data?.items.length ? null : t('academics.home.grades.empty')}
    >
      <List dense disablePadding aria-label={t('academics.home.grades.title')}>
        {data?.items.map((g) => (
          <Row
            key={`${g.exam_id}:${g.section_label}:${g.subject_name}`}
            to="/exams"
            primary={`${g.exam_name} · ${g.subject_name}`}
            secondary={t('academics.home.grades.line', {
              section: g.section_label,
              entered: g.entered,
              total: g.total,
            })}
            done={g.total ? g.entered / g.total : 0}
          />
        ))}
      </List>
    </Panel>
  );
}

const DONE = { pending: 0, late: 0.66, submitted: 0.66, marked: 1 } as const;

/** A pupil's recent homework, each with where it stands (spec 2.13's progress bars). */
export function PupilWorkPanel({ data }: { data: Cards['pending_assignments'] | undefined }) {
  const { t } = useTranslation();
  return (
    <Panel
      id="home-work"
      title={t('academics.home.work.title')}
      loading={!data}
      empty={data?.items.length ? null : t('academics.home.work.empty')}
    >
      <List dense disablePadding aria-label={t('academics.home.work.title')}>
        {data?.items.map((a) => (
          <Row
            key={a.id}
            to={`/homework/${a.id}`}
            primary={a.title}
            secondary={[
              a.subject_name,
              t('academics.home.work.due', { date: a.due_on }),
              a.marks !== null && t('academics.home.work.marks', { marks: a.marks, max: a.max_marks ?? '—' }),
            ]
              .filter(Boolean)
              .join(' · ')}
            chip={<Chip size="small" label={t(`academics.home.work.status.${a.status}`)} />}
            done={DONE[a.status]}
          />
        ))}
      </List>
    </Panel>
  );
}
