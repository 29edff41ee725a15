import { BOUNCE_MODES, type BounceInput, FEE_MESSAGES } from '@schooliko/common/fees/fees';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { currentYear } from '../classes';
import { addCharges } from './billing.service';
import { fineRules } from './concessions.table';
import { feeHeads, feeSettings } from './fees.table';
import { findPayment } from './payments.read';
import { cancelPayment } from './payments.service';

/** The fine a bounced cheque or DD adds (0: none), from the fee settings. */
export async function bounceFineOf(tx: Db, instituteId: string): Promise<number> {
  const [row] = await tx
    .select({ amount: feeSettings.bounceFinePaise })
    .from(feeSettings)
    .where(eq(feeSettings.instituteId, instituteId));
  return row?.amount ?? 0;
}

/** Sets the bounce fine (the settings row is made with the default prefix when there is none). */
export async function saveBounceFine(tx: Db, actor: Actor, amountPaise: number) {
  await tx
    .insert(feeSettings)
    .values({ instituteId: actor.institute.id, receiptPrefix: 'RCPT', bounceFinePaise: amountPaise })
    .onConflictDoUpdate({ target: [feeSettings.instituteId], set: { bounceFinePaise: amountPaise } });
  return { amount_paise: amountPaise };
}

/** The head a bounce fine is charged to: the year's late-fine head, else the first Fine head. */
async function fineHead(tx: Db, instituteId: string, yearId: string): Promise<string> {
  const [rule] = await tx
    .select({ headId: fineRules.headId })
    .from(fineRules)
    .where(and(eq(fineRules.instituteId, instituteId), eq(fineRules.academicYearId, yearId)));
  if (rule) return rule.headId;
  const [head] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(
      and(eq(feeHeads.instituteId, instituteId), eq(feeHeads.category, 'fine'), eq(feeHeads.active, true)),
    )
    .orderBy(asc(feeHeads.code))
    .limit(1);
  if (!head) throw httpError(409, FEE_MESSAGES.fineHeadMissing);
  return head.id;
}

/**
 * A cheque or DD returned unpaid: the receipt is reversed (cancelPayment, marked bounced, with the
 * bank's reason; the dues are open again) and, when asked and set, the bounce fine becomes a due of
 * the Fine head for the student, at most once (its source is the reversal, itself one per
 * receipt). Audited on the student. Answers the receipt, now cancelled with its reversal.
 */
export async function bounceCheque(tx: Db, actor: Actor, id: string, input: BounceInput) {
  const i = actor.institute.id;
  const reversed = await cancelPayment(tx, actor, id, `Cheque bounced: ${input.bank_reason}`, {
    bounced: true,
    modes: BOUNCE_MODES,
  });
  const fine = input.add_fine ? await bounceFineOf(tx, i) : 0;
  if (fine > 0) {
    const year = await currentYear(tx, actor);
    if (!year) throw httpError(404, CLASS_MESSAGES.yearNotFound);
    await addCharges(tx, i, [
      {
        sourceKind: 'bounce',
        sourceId: reversed.reversalId,
        studentId: reversed.studentId,
        academicYearId: year.id,
        headId: await fineHead(tx, i, year.id),
        seq: 0,
        instalment: `Cheque bounce ${reversed.receiptNo}`,
        dueOn: todayInIndia(),
        amountPaise: fine,
      },
    ]);
  }
  await recordChange(tx, actor, {
    entity: 'student',
    entityId: reversed.studentId,
    action: 'fees-cheque-bounced',
    before: { receipt_no: reversed.receiptNo },
    after: { receipt_no: reversed.receiptNo, bank_reason: input.bank_reason, bounce_fine_paise: fine },
  });
  return findPayment(tx, actor, id);
}
