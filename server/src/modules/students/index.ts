import type { Db } from '../../db/client';

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
