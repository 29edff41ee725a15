import type { Db } from '../../db/client';
// The students module's public face (scripts/boundaries.mjs): other modules import it from here only.
// Its tables are exported as read handles, for the joins and filters another module's query makes
// (a join is faster than a call); their rows are this module's to write (the writes from elsewhere
// that remain are listed in docs/modules.md, "Layers and boundaries").

// The tables are imported before any service and exported from here: an import cycle through
// this index (modules that use each other) still finds them defined.
import { enrolments } from './enrolments.table';
import { families, studentColumns, students } from './students.table';

export { syncEnrolments } from './enrolments.service';
export { STUDENT_COLUMNS } from './students.columns';
export { childrenOf, sectionsOf, visibleStudents } from './students.policy';
export { classJoin, findStudent, sectionJoin } from './students.read';
export { createStudent, rollCounts } from './students.service';
export { enrolments, families, studentColumns, students };

/**
 * Students' public face: what other modules may use (ADR 016).
 *
 * `student.enrolled`: students were placed in a section (admitted, imported, moved to another
 * section or class, or given another roll number) and their enrolment of the year kept in step,
 * in this transaction. Fees bills them by their class's structure (nobody twice).
 */
export type StudentEnrolled = { tx: Db; instituteId: string; studentIds: readonly string[] };

declare module '../../kit/hooks' {
  interface ModuleEvents {
    'student.enrolled': StudentEnrolled;
  }
}
