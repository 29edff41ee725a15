import { financialYearOf } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { institutes } from '../../platform/institutes';
import { useTestApp } from '../../testing/test-app';
import { students } from '../students/students.table';
import { feesKit } from './fees.testing';
import { overprinted, pdfRuns, pdfText } from './pdf-text.testing';
import { renderReceipt } from './receipt.pdf';

const t = useTestApp();

const { send, billedSchool, pay } = feesKit(() => t);
const fy = financialYearOf(todayInIndia());

describe('receipt PDF', () => {
  it('grows a row with its text: a long instalment never prints over the next row (issue 32)', async () => {
    const pdf = await renderReceipt(
      {
        name: 'Schooliko Development Institute',
        address: 'Plot 12, Karve Road, Kothrud, Pune 411038',
        logo: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000001',
        receipt_no: 'RCPT/2026-27/00042',
        financial_year: '2026-27',
        student_id: '00000000-0000-4000-8000-000000000002',
        student_name: 'Ananya Deshpande',
        admission_no: '2026/001',
        class_label: 'VII-A',
        paid_on: '2026-11-26',
        amount_paise: 2_660_000,
        advance_paise: 10_000,
        balance_after_paise: 0,
        mode: 'cash',
        reference: '',
        collected_by: 'Accounts Office',
        status: 'posted',
        lines: [
          { head_name: 'Tuition Fee', instalment: 'Quarter 1 (Apr-Jun)', amount_paise: 1_250_000 },
          { head_name: 'Tuition Fee', instalment: 'Quarter 2 (Jul-Sep)', amount_paise: 1_250_000 },
          {
            head_name: 'Computer Laboratory and Smart Class Charges',
            instalment: 'Half-yearly 1 (Apr-Sep)',
            amount_paise: 150_000,
          },
        ],
        reversal: null,
        created_at: '2026-11-26T05:30:00.000Z',
      },
      { duplicate: false, guardian: 'Sunita Deshpande (Mother)' },
    );
    const runs = await pdfRuns(pdf);
    expect(runs.map((r) => r.str).join(' ')).toContain('Quarter 2');
    expect(overprinted(runs)).toEqual([]);
  });

  it('prints the head-wise lines, the total in words and the mode; a reprint says DUPLICATE', async () => {
    const s = await billedSchool();
    // A name in Devanagari must come out as text, not boxes.
    await t.database.db
      .update(students)
      .set({ firstName: 'अनन्या', lastName: 'देशपांडे' })
      .where(eq(students.id, s.students.child.id));
    const r = await pay(s.admin.headers, s.students.child.id, 1250050, 'cheque', '004512');
    const first = await send('GET', s.admin.headers, `/api/fees/payments/${r.id}/receipt.pdf`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(`inline; filename="receipt-RCPT-${fy}-00001.pdf"`);
    const text = await pdfText(first.rawPayload);
    for (const part of [
      'FEE RECEIPT',
      `RCPT/${fy}/00001`,
      '2026/001',
      'VII-A',
      'Annual Charges',
      '₹2,000.00',
      'Tuition Fee',
      '₹5,000.00',
      'Advance (kept for later dues)',
      '₹500.50',
      '₹12,500.50',
      'Rupees Twelve Thousand Five Hundred and Paise Fifty Only',
      'Cheque (ref. 004512)',
      'No GST is charged',
      // What a receipt in India carries (issue 32): the parent, and what is still due after it.
      'Parent / guardian',
      'Sunita Deshpande (Mother)',
      'Balance due after this payment',
    ])
      expect(text).toContain(part);
    // ₹12,000 billed + ₹500.50 advance paid: nothing left; the logo is the monogram (none uploaded).
    expect(text).toMatch(/Balance due after this payment\s*₹0\.00/);
    expect(first.rawPayload.includes('/Subtype /Image')).toBe(false);
    // pdf.js splits shaped Devanagari into runs; the letters are all there, in order.
    expect(text.replace(/\s+/g, '')).toContain('अनन्यादेशपांडे');
    expect(text).not.toContain('DUPLICATE');
    const again = await send('GET', s.parent.headers, `/api/fees/payments/${r.id}/receipt.pdf`);
    expect(again.statusCode).toBe(200);
    expect(await pdfText(again.rawPayload)).toContain('DUPLICATE');
  });

  it("prints the institute's uploaded logo, and the balance a part payment leaves", async () => {
    const s = await billedSchool();
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 26, g: 77, b: 143 } },
    })
      .png()
      .toBuffer();
    const url = await t.app.storage.put(`branding/${s.institute.id}/logo/test.png`, png, 'image/png');
    await t.database.db.update(institutes).set({ logoUrl: url }).where(eq(institutes.id, s.institute.id));
    t.app.invalidation.clearAll();
    const r = await pay(s.admin.headers, s.students.child.id, 300000);
    const pdf = (await send('GET', s.admin.headers, `/api/fees/payments/${r.id}/receipt.pdf`)).rawPayload;
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    expect(await pdfText(pdf)).toMatch(/Balance due after this payment\s*₹9,000\.00/);
  });

  it('marks a cancelled receipt CANCELLED and names its reversal', async () => {
    const s = await billedSchool();
    const r = await pay(s.admin.headers, s.students.child.id, 100000);
    await send('POST', s.admin.headers, `/api/fees/payments/${r.id}/cancel`, { reason: 'Paid twice' });
    const text = await pdfText(
      (await send('GET', s.admin.headers, `/api/fees/payments/${r.id}/receipt.pdf`)).rawPayload,
    );
    expect(text).toContain('CANCELLED');
    expect(text).toContain(`(reversal RCPT-R/${fy}/00001): Paid twice`);
    expect((await send('GET', s.teacher.headers, `/api/fees/payments/${r.id}/receipt.pdf`)).statusCode).toBe(
      403,
    );
  });
});
