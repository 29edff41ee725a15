import Assignment from '@mui/icons-material/Assignment';
import Class from '@mui/icons-material/Class';
import FactCheck from '@mui/icons-material/FactCheck';
import Grading from '@mui/icons-material/Grading';
import Schedule from '@mui/icons-material/Schedule';
import type { HomeDashboard } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../dashboard';
import { ClassesPanel } from './classes-panel';
import { closedNote } from './day-note';
import { EventsPanel, EventsStat } from './events-panel';
import { PanelGrid, StatRow } from './layout';
import { SchedulePanel } from './schedule-panel';
import { AssignmentsPanel, AttendancePanel, GradesPanel } from './work-panels';

/**
 * Spec 2.13's teacher dashboard: My Classes, Today's Schedule, attendance still to take, Active
 * Assignments, Pending Grades and Upcoming Events.
 */
export function TeacherDashboard({ data, loading }: { data: HomeDashboard | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const periods = data?.today_schedule;
  const first = periods?.[0];
  return (
    <>
      <StatRow>
        <StatCard
          label={t('academics.home.classes.title')}
          value={data?.my_classes?.length ?? null}
          icon={Class}
          loading={loading}
        />
        <StatCard
          label={t('academics.home.schedule.periods')}
          value={periods?.length ?? null}
          icon={Schedule}
          color="secondary"
          loading={loading}
          hint={
            data &&
            (closedNote(t, data.day) ??
              (first
                ? t('academics.home.schedule.firstAt', { time: first.starts_at, what: first.section_label })
                : null))
          }
        />
        <StatCard
          label={t('academics.home.attendance.title')}
          value={data?.attendance_to_take?.filter((s) => !s.marked).length ?? null}
          icon={FactCheck}
          color="warning"
          loading={loading}
        />
        <StatCard
          label={t('academics.home.assignments.title')}
          value={data?.active_assignments?.count ?? null}
          icon={Assignment}
          color="info"
          loading={loading}
        />
        <StatCard
          label={t('academics.home.grades.title')}
          value={data?.pending_grades?.count ?? null}
          icon={Grading}
          color="secondary"
          loading={loading}
        />
        <EventsStat events={data?.upcoming_events} loading={loading} />
      </StatRow>
      <PanelGrid>
        <SchedulePanel periods={periods} day={data?.day} viewer="teacher" />
        <AttendancePanel items={data?.attendance_to_take} day={data?.day} />
        <ClassesPanel classes={data?.my_classes} />
        <AssignmentsPanel data={data?.active_assignments} />
        <GradesPanel data={data?.pending_grades} />
        <EventsPanel events={data?.upcoming_events} />
      </PanelGrid>
    </>
  );
}
