import { formatRupees } from '@schooliko/common/fees/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schoolOf } from '../../kit/letterhead';
import { fullName } from '../../kit/names';
import { drawLetterhead, newPdf, pdfBytes } from '../../kit/pdf';
import type { Actor } from '../../kit/scope';
import type { Storage } from '../../platform/uploads/storage';
import { findStudent } from '../students';
import { drawTotal, type School } from './receipt.pdf';

type Line = { head_name: string; amount_paise: number };

/**
 * What the student paid in a financial year on heads that count for section 80C (tuition fees):
 * receipts of that year not cancelled, head by head (a reversed receipt counts nothing).
 */
export async function paid80c(tx: Db, instituteId: string, studentId: string, fy: string): Promise<Line[]> {
  const result = await tx.execute(sql`
    select h.name as head_name, sum(a.amount_paise) as amount
    from fee_payments p
    join fee_allocations a on a.institute_id = p.institute_id and a.payment_id = p.id
    join fee_dues d on d.institute_id = p.institute_id and d.id = a.due_id
    join fee_heads h on h.institute_id = p.institute_id and h.id = d.head_id and h.counts_80c
    where p.institute_id = ${instituteId} and p.student_id = ${studentId}::uuid and p.kind = 'receipt'
      and p.financial_year = ${fy}
      and not exists (select 1 from fee_payments r where r.institute_id = p.institute_id and r.reverses_id = p.id)
    group by h.name, h.code order by h.code`);
  return (result as unknown as { rows: { head_name: string; amount: string }[] }).rows
    .map((r) => ({ head_name: r.head_name, amount_paise: Number(r.amount) }))
    .filter((l) => l.amount_paise > 0);
}

type Certificate = {
  studentName: string;
  admissionNo: string;
  classLabel: string;
  fy: string;
  lines: Line[];
};

/** The section 80C certificate on an A5 page: header, the pupil, the 80C heads paid, total in words. */
export function render80c(school: School, c: Certificate, issuedOn: string): Promise<Buffer> {
  const doc = newPdf({ size: 'A5', margin: 36, title: `80C certificate ${c.fy}` });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  drawLetterhead(doc, school, { left, width });
  doc.moveDown(0.5).font('bold').fontSize(11);
  doc.text('TUITION FEE CERTIFICATE (Section 80C, Income-tax Act)', left, doc.y, { width, align: 'center' });
  doc.moveDown(0.8).font('regular').fontSize(9.5);
  const total = c.lines.reduce((sum, l) => sum + l.amount_paise, 0);
  doc
    .text('This is to certify that ', { continued: true })
    .font('bold')
    .text(c.studentName, { continued: true });
  doc
    .font('regular')
    .text(
      ` (admission no. ${c.admissionNo}${c.classLabel ? `, class ${c.classLabel}` : ''}) paid the following tuition fees to the school in the financial year ${c.fy}:`,
      { width },
    );
  let y = doc.y + 10;
  const amountX = left + width - 120;
  doc.rect(left, y, width, 18).fill('#eeeeee').fillColor('black');
  doc
    .font('bold')
    .fontSize(9)
    .text('Fee head', left + 6, y + 4);
  doc.text('Amount paid', amountX, y + 4, { width: 114, align: 'right' });
  y += 22;
  doc.font('regular').fontSize(9.5);
  for (const line of c.lines) {
    doc.text(line.head_name, left + 6, y, { width: width - 140 });
    doc.text(formatRupees(line.amount_paise), amountX, y, { width: 114, align: 'right' });
    y += 16;
  }
  if (c.lines.length === 0) {
    doc.text('No tuition fee was paid in this financial year.', left + 6, y);
    y += 16;
  }
  drawTotal(doc, { left, width, amountX, amountWidth: 114 }, y, total);
  doc.moveDown(1.2).fontSize(8.5).fillColor('#444');
  doc.text(
    'Only fees that count as tuition fees are included; development, transport and other charges are not.',
    {
      width,
    },
  );
  const bottom = doc.page.height - doc.page.margins.bottom - 40;
  doc
    .fillColor('black')
    .fontSize(9)
    .text(`Date: ${issuedOn.split('-').reverse().join('-')}`, left, bottom);
  doc.text('Principal / Accounts', left, bottom, { width, align: 'right' });
  return pdfBytes(doc);
}

/** The student's 80C certificate for a financial year (parents see only their own children's). */
export async function certificate80c(
  tx: Db,
  actor: Actor,
  studentId: string,
  fy: string,
  today: string,
  storage: Storage,
) {
  const student = await findStudent(tx, actor, studentId);
  const lines = await paid80c(tx, actor.institute.id, student.id, fy);
  const pdf = await render80c(
    await schoolOf(tx, actor, storage),
    {
      studentName: fullName(student),
      admissionNo: student.admissionNo,
      classLabel: [student.className, student.sectionName].filter(Boolean).join('-'),
      fy,
      lines,
    },
    today,
  );
  return { pdf, lines };
}
