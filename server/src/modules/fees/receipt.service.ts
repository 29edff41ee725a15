import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolOf } from '../../kit/letterhead';
import type { Actor } from '../../kit/scope';
import type { Storage } from '../../platform/uploads/storage';
import { guardiansOf } from '../guardians';
import { feeReceiptPrints } from './fees.table';
import { findPayment } from './payments.read';
import { renderReceipt } from './receipt.pdf';

/**
 * The receipt's PDF, with the school's logo (from `storage`) and the pupil's parent or guardian
 * (the father first, then the mother, then whoever is on record); the print is recorded, and every
 * print after the first is a DUPLICATE.
 */
export async function receiptPdf(tx: Db, actor: Actor, id: string, storage: Storage) {
  const payment = await findPayment(tx, actor, id);
  const carers =
    (await guardiansOf(tx, actor.institute.id, [payment.student_id])).get(payment.student_id) ?? [];
  const carer =
    carers.find((g) => g.relation === 'father') ?? carers.find((g) => g.relation === 'mother') ?? carers[0];
  const [printed] = await tx
    .select({ n: count() })
    .from(feeReceiptPrints)
    .where(and(eq(feeReceiptPrints.instituteId, actor.institute.id), eq(feeReceiptPrints.paymentId, id)));
  await tx
    .insert(feeReceiptPrints)
    .values({ instituteId: actor.institute.id, paymentId: id, printedBy: actor.userId });
  const pdf = await renderReceipt(await schoolOf(tx, actor, storage), payment, {
    duplicate: (printed?.n ?? 0) > 0,
    guardian: carer
      ? `${carer.name} (${carer.relation.charAt(0).toUpperCase()}${carer.relation.slice(1)})`
      : '',
  });
  return { pdf, receiptNo: payment.receipt_no };
}
