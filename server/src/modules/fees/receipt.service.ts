import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { instituteProfiles } from '../profile/profile.table';
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
  const [profile] = await tx
    .select()
    .from(instituteProfiles)
    .where(eq(instituteProfiles.instituteId, actor.institute.id));
  const address = profile
    ? [profile.address, profile.city, profile.state, profile.pincode].filter(Boolean).join(', ')
    : '';
  const pdf = await renderReceipt({ name: actor.institute.name, address }, payment, {
    duplicate: (printed?.n ?? 0) > 0,
  });
  return { pdf, receiptNo: payment.receipt_no };
}
