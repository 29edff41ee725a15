// The exams module's public face (scripts/boundaries.mjs): other modules import it from here only.
import type { AttendanceSummary } from './report-card.service';

export { currentGradeOf, pendingGradesOf } from './exams.dashboard';

declare module '../../kit/hooks' {
  interface ModuleProviders {
    /** The report card's attendance line: each marked pupil's figures between two dates (attendance gives it). */
    'reportCard.attendance': AttendanceSummary;
  }
}
