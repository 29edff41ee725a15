// The exams module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { currentGradeOf, pendingGradesOf } from './exams.dashboard';
export { reportCardHooks } from './report-card.service';
