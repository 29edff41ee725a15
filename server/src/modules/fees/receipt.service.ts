import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { instituteProfiles } from '../profile';
import { feeReceiptPrints } from './fees.table';
import { findPayment } from './payments.read';
import { renderReceipt, type School } from './receipt.pdf';

/** The school's name and address, for the header of its prints. */
export async function schoolOf(tx: Db, actor: Actor): Promise<School> {
  const [profile] = await tx
    .select()
    .from(instituteProfiles)
    .where(eq(instituteProfiles.instituteId, actor.institute.id));
  const address = profile
    ? [profile.address, profile.city, profile.state, profile.pincode].filter(Boolean).join(', ')
    : '';
  return { name: actor.institute.name, address };
}

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
