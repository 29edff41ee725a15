import { FEE_MESSAGES } from '@schooliko/common/fees/fees';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { recordChange } from '../../platform/audit';
import { httpError } from '../../plugins/errors';
import { findStudent } from '../students';
import { billEarlierInstalments, earlierInstalments } from './billing.service';

/** A pupil's instalments before admission, not billed (404 unless the caller may see the pupil). */
export async function earlierOf(tx: Db, actor: Actor, studentId: string) {
  const student = await findStudent(tx, actor, studentId);
  return earlierInstalments(tx, actor.institute.id, student.id);
}

/**
 * The office bills a mid-year pupil's instalments before admission (issue 32): a decision with a
 * reason, kept in the pupil's audit log; 409 when nothing earlier is left to bill. Answers what
 * is left (nothing).
 */
export async function billEarlier(tx: Db, actor: Actor, studentId: string, reason: string) {
  const student = await findStudent(tx, actor, studentId);
  const billed = await billEarlierInstalments(tx, actor.institute.id, student.id);
  if (billed.length === 0) throw httpError(409, FEE_MESSAGES.nothingEarlier);
  await recordChange(tx, actor, {
    entity: 'student',
    entityId: student.id,
    action: 'bill-earlier-instalments',
    after: { instalments: billed, reason },
  });
  return earlierInstalments(tx, actor.institute.id, student.id);
}
