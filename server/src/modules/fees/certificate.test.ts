import { financialYearOf } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { students } from '../students/students.table';
import { feesKit } from './fees.testing';
import { pdfText } from './pdf-text.testing';

const t = useTestApp();

const { send, billedSchool, pay } = feesKit(() => t);
const fy = financialYearOf(todayInIndia());

describe('80C certificate', () => {
  it('sums only the 80C heads paid in the year, leaving out cancelled receipts', async () => {
    const s = await billedSchool();
    const child = s.students.child.id;
    await t.database.db
      .update(students)
      .set({ firstName: 'अनन्या', lastName: 'देशपांडे' })
      .where(eq(students.id, child));
    // ₹2,000 Annual (not 80C) + ₹1,000 Tuition; then ₹3,000 Tuition, cancelled; then ₹4,500 Tuition.
    await pay(s.admin.headers, child, 300000);
    const cancelled = await pay(s.admin.headers, child, 300000);
    const cancel = await send('POST', s.admin.headers, `/api/fees/payments/${cancelled.id}/cancel`, {
      reason: 'Cheque bounced',
    });
    expect(cancel.statusCode).toBe(200);
    await pay(s.admin.headers, child, 450000);

    const res = await send('GET', s.parent.headers, `/api/fees/students/${child}/80c.pdf?fy=${fy}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Section 80C');
    expect(text).toContain(fy);
    expect(text).toContain('Tuition Fee');
    expect(text).not.toContain('Annual Charges');
    expect(text).toContain('₹5,500.00');
    expect(text).toContain('Rupees Five Thousand Five Hundred Only');
    expect(text.replace(/\s+/g, '')).toContain('अनन्यादेशपांडे');

    // Another year: nothing paid.
    const before = await send('GET', s.admin.headers, `/api/fees/students/${child}/80c.pdf?fy=2019-20`);
    expect(await pdfText(before.rawPayload)).toContain('No tuition fee was paid');
    // A parent sees only their own children's.
    const other = await send('GET', s.parent.headers, `/api/fees/students/${s.students.other.id}/80c.pdf`);
    expect(other.statusCode).toBe(404);
  });
});
