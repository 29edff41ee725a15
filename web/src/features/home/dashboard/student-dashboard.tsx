import Assignment from '@mui/icons-material/Assignment';
import Grading from '@mui/icons-material/Grading';
import MenuBook from '@mui/icons-material/MenuBook';
import Schedule from '@mui/icons-material/Schedule';
import type { HomeDashboard } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../dashboard';
import { closedNote } from './day-note';
import { EventsPanel, EventsStat } from './events-panel';
import { PanelGrid, StatRow } from './layout';
import { SchedulePanel } from './schedule-panel';
import { SubjectsPanel } from './subjects-panel';
import { PupilWorkPanel } from './work-panels';

/**
 * Spec 2.13's student dashboard: My Subjects, today's timetable, Pending Assignments with recent
 * work and its progress, Current Grade, Upcoming Events (exams flagged).
 */
export function StudentDashboard({ data, loading }: { data: HomeDashboard | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const lessons = data?.today_schedule?.filter((p) => p.subject_name);
  const grade = data?.current_grade;
  return (
    <>
      <StatRow>
        <StatCard
          label={t('academics.home.subjects.title')}
          value={data?.my_subjects?.length ?? null}
          icon={MenuBook}
          loading={loading}
          hint={data?.section_label ?? undefined}
        />
        <StatCard
          label={t('academics.home.schedule.periods')}
          value={lessons?.length ?? null}
          icon={Schedule}
          color="secondary"
          loading={loading}
          hint={data ? closedNote(t, data.day) : undefined}
        />
        <StatCard
          label={t('academics.home.work.pending')}
          value={data?.pending_assignments?.count ?? null}
          icon={Assignment}
          color="warning"
          loading={loading}
        />
        <StatCard
          label={t('academics.home.grade.title')}
          value={grade ? grade.grade : data ? t('academics.home.grade.none') : null}
          icon={Grading}
          color="success"
          loading={loading}
          hint={
            grade
              ? t('academics.home.grade.hint', { exam: grade.exam_name, pct: grade.percentage })
              : undefined
          }
        />
        <EventsStat events={data?.upcoming_events} loading={loading} />
      </StatRow>
      <PanelGrid>
        <SchedulePanel periods={data?.today_schedule} day={data?.day} viewer="student" />
        <PupilWorkPanel data={data?.pending_assignments} />
        <SubjectsPanel subjects={data?.my_subjects} inSection={!data || data.section_label != null} />
        <EventsPanel events={data?.upcoming_events} />
      </PanelGrid>
    </>
  );
}
