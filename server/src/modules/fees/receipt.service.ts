import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolOf } from '../../kit/letterhead';
import type { Actor } from '../../kit/scope';
import { feeReceiptPrints } from './fees.table';
import { findPayment } from './payments.read';
import { renderReceipt } from './receipt.pdf';

/** The receipt's PDF; the print is recorded, and every print after the first is a DUPLICATE. */
export async function receiptPdf(tx: Db, actor: Actor, id: string) {
  const payment = await findPayment(tx, actor, id);
  const [printed] = await tx
    .select({ n: count() })
    .from(feeReceiptPrints)
    .where(and(eq(feeReceiptPrints.instituteId, actor.institute.id), eq(feeReceiptPrints.paymentId, id)));
  await tx
    .insert(feeReceiptPrints)
    .values({ instituteId: actor.institute.id, paymentId: id, printedBy: actor.userId });
  const pdf = await renderReceipt(await schoolOf(tx, actor), payment, {
    duplicate: (printed?.n ?? 0) > 0,
  });
  return { pdf, receiptNo: payment.receipt_no };
}
