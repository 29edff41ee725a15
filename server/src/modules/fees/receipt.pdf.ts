import type { Payment } from '@schooliko/common/fees/fees';
import { formatRupees, rupeesInWords } from '@schooliko/common/fees/money';
import type { School } from '../../kit/letterhead';
import { drawLetterhead, newPdf, type Pdf, pdfBytes, watermark } from '../../kit/pdf';

/** The school as its prints' header names it (kit/letterhead.ts). */
export type { School };

const MODE_NAMES: Record<Payment['mode'], string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  dd: 'Demand draft',
  upi: 'UPI',
  card: 'Card',
  online: 'Online (Razorpay)',
};

/**
 * Under a table of amounts: a rule, the total in figures on the right and, below, in words.
 * Leaves the document's cursor after the words.
 */
export function drawTotal(
  doc: Pdf,
  at: { left: number; width: number; amountX: number; amountWidth: number },
  top: number,
  paise: number,
) {
  const { left, width, amountX, amountWidth } = at;
  doc
    .moveTo(left, top + 2)
    .lineTo(left + width, top + 2)
    .lineWidth(0.5)
    .stroke();
  doc
    .font('bold')
    .fontSize(10.5)
    .text('Total', left + 6, top + 8);
  doc.text(formatRupees(paise), amountX, top + 8, { width: amountWidth, align: 'right' });
  doc
    .font('regular')
    .fontSize(9)
    .text(rupeesInWords(paise), left, top + 28, { width });
}

/** dd-mm-yyyy, as Indian offices write dates. */
const indianDate = (iso: string) => iso.split('-').reverse().join('-');

/**
 * A fee receipt on an A5 page (MODULES.md section 5, "Prints"): the school's logo, name and
 * address, the receipt number and date, the student and their parent or guardian, the head-wise
 * lines, the total in figures and words, the mode and reference, the balance still due after it,
 * and the GST note. A reprint says DUPLICATE across the page; a cancelled receipt says CANCELLED
 * and names its reversal.
 */
export function renderReceipt(
  school: School,
  p: Payment,
  copy: { duplicate: boolean; guardian: string },
): Promise<Buffer> {
  const doc = newPdf({ size: 'A5', margin: 32, title: `Receipt ${p.receipt_no}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  if (p.status === 'cancelled') watermark(doc, 'CANCELLED');
  else if (copy.duplicate) watermark(doc, 'DUPLICATE', '#555555');

  drawLetterhead(doc, school, { left, width });
  doc.moveDown(0.4).font('bold').fontSize(11).text('FEE RECEIPT', left, doc.y, { width, align: 'center' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .lineWidth(0.7)
    .stroke();
  doc.moveDown(0.8);

  const pair = (label: string, value: string, x: number, y: number) => {
    doc.font('regular').fontSize(8).fillColor('#555').text(label, x, y);
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor('black')
      .text(value, x, y + 10, { width: width / 2 - 8 });
  };
  let y = doc.y;
  pair('Receipt no.', p.receipt_no, left, y);
  pair('Date', indianDate(p.paid_on), left + width / 2, y);
  y += 30;
  pair('Student', p.student_name, left, y);
  pair('Admission no.', p.admission_no, left + width / 2, y);
  y += 30;
  pair('Class', p.class_label || '—', left, y);
  pair('Financial year', p.financial_year, left + width / 2, y);
  y += 30;
  pair('Parent / guardian', copy.guardian || '—', left, y);
  y += 36;

  // Head-wise lines: three columns, and each row as tall as its longest cell ("Quarter 1
  // (Apr-Jun)" wraps in a narrow column and must not print over the next row: issue 32).
  const amountWidth = 84;
  const amountX = left + width - amountWidth - 6;
  const headWidth = width * 0.42 - 10;
  const instalmentX = left + width * 0.42;
  const instalmentWidth = amountX - instalmentX - 8;
  doc.rect(left, y, width, 18).fill('#eeeeee').fillColor('black');
  doc
    .font('bold')
    .fontSize(9)
    .text('Fee head', left + 6, y + 4);
  doc.text('Instalment', instalmentX, y + 4);
  doc.text('Amount', amountX, y + 4, { width: amountWidth, align: 'right' });
  y += 22;
  doc.font('regular').fontSize(9.5);
  const row = (head: string, instalment: string, paise: number) => {
    doc.text(head, left + 6, y, { width: headWidth });
    doc.text(instalment, instalmentX, y, { width: instalmentWidth });
    doc.text(formatRupees(paise), amountX, y, { width: amountWidth, align: 'right' });
    const tallest = Math.max(
      doc.heightOfString(head, { width: headWidth }),
      doc.heightOfString(instalment || ' ', { width: instalmentWidth }),
    );
    y += tallest + 4;
  };
  for (const line of p.lines) row(line.head_name, line.instalment, line.amount_paise);
  if (p.advance_paise > 0) row('Advance (kept for later dues)', '', p.advance_paise);
  drawTotal(doc, { left, width, amountX, amountWidth }, y, p.amount_paise);
  y = doc.y + 10;

  const mode = p.reference ? `${MODE_NAMES[p.mode]} (ref. ${p.reference})` : MODE_NAMES[p.mode];
  pair('Paid by', mode, left, y);
  pair('Received by', p.collected_by, left + width / 2, y);
  y += 30;
  // What is still due once this receipt was posted (receipts from before it was kept have none).
  if (p.balance_after_paise !== null) {
    pair('Balance due after this payment', formatRupees(p.balance_after_paise), left, y);
    y += 30;
  }
  y += 4;
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor('#555')
    .text(
      'No GST is charged: services of a school to its students are exempt (Notification 12/2017-Central Tax (Rate), entry 66).',
      left,
      y,
      { width },
    );
  if (p.reversal)
    doc
      .moveDown(0.6)
      .fillColor('#c62828')
      .fontSize(8.5)
      .text(
        `Cancelled${p.reversal.bounced ? ' (cheque bounced)' : ''} on ${indianDate(p.reversal.on)} by ${p.reversal.by} (reversal ${p.reversal.receipt_no}): ${p.reversal.reason}`,
        { width },
      );
  doc
    .fillColor('#555')
    .fontSize(7.5)
    .text('This is a computer-generated receipt.', left, doc.page.height - doc.page.margins.bottom - 12, {
      width,
      align: 'center',
      lineBreak: false,
    });
  return pdfBytes(doc);
}
