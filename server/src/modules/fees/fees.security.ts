import { isRole } from '../../security/access-table';
import type { Example } from '../../security/examples';
import { classOf, studentOf, yearOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { academicYears } from '../classes';
import { concessionRequests, concessionRules } from './concessions.table';
import {
  feeDues,
  feeExamDemands,
  feeHeads,
  feePayments,
  feeReminderSchedules,
  feeStructureLines,
  feeStructures,
} from './fees.table';

/** A fee head of the owner's institute whose name carries the marker. */
async function headOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`fee-head:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(feeHeads)
      .values({
        instituteId: c.owner.institute.id,
        name: `Head ${c.owner.secret}`,
        code: 'SEC',
        category: 'misc',
      })
      .returning({ id: feeHeads.id });
    return row?.id;
  });
}

/** A head of the Fine category (what a fine rule charges to). */
async function fineHeadOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`fine-head:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(feeHeads)
      .values({
        instituteId: c.owner.institute.id,
        name: `Fine ${c.owner.secret}`,
        code: 'SECF',
        category: 'fine',
      })
      .returning({ id: feeHeads.id });
    return row?.id;
  });
}

/** A structure of the owner's class and year, with the owner's head. */
async function structureOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`fee-structure:${c.owner.label}`, async () => {
    const [yearId, classId, headId] = [await yearOf(c), await classOf(c), await headOf(c)];
    if (!yearId || !classId || !headId) return undefined;
    const db = c.world.t.database.db;
    const [row] = await db
      .insert(feeStructures)
      .values({
        instituteId: c.owner.institute.id,
        academicYearId: yearId,
        classId,
        plan: 'annual',
        instalments: [{ label: `Year ${c.owner.secret}`, due_on: '2030-05-01' }],
      })
      .returning({ id: feeStructures.id });
    if (!row) return undefined;
    await db
      .insert(feeStructureLines)
      .values({ instituteId: c.owner.institute.id, structureId: row.id, headId, amounts: [100000] });
    return row.id;
  });
}

/** A receipt for the owner's student whose reference carries the marker (`fresh`: a new one). */
async function paymentOf(c: ResourceContext, fresh = false): Promise<string | undefined> {
  const make = async () => {
    const studentId = await studentOf(c);
    if (!studentId) return undefined;
    const [row] = await c.world.t.database.db
      .insert(feePayments)
      .values({
        instituteId: c.owner.institute.id,
        kind: 'receipt',
        receiptNo: `SEC/${c.owner.label}/${Math.random().toString(36).slice(2)}`,
        financialYear: '2026-27',
        studentId,
        paidOn: '2026-06-01',
        amountPaise: 100000,
        mode: 'cheque',
        reference: `Cheque ${c.owner.secret}`,
        collectedByName: 'Suite',
      })
      .returning({ id: feePayments.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`fee-payment:${c.owner.label}`, make);
}

/** The owner's student with ₹1,000 due (an online order needs dues to pay). */
async function studentWithDue(c: ResourceContext): Promise<string | undefined> {
  return c.once(`fee-due:${c.owner.label}`, async () => {
    const [studentId, structureId, yearId, headId] = [
      await studentOf(c),
      await structureOf(c),
      await yearOf(c),
      await headOf(c),
    ];
    if (!studentId || !structureId || !yearId || !headId) return undefined;
    await c.world.t.database.db.insert(feeDues).values({
      instituteId: c.owner.institute.id,
      studentId,
      sourceKind: 'structure',
      sourceId: structureId,
      academicYearId: yearId,
      headId,
      seq: 0,
      instalment: `Year ${c.owner.secret}`,
      dueOn: '2030-05-01',
      amountPaise: 100000,
    });
    return studentId;
  });
}

/** A concession rule of the owner's institute whose name carries the marker. */
async function ruleOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`concession-rule:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(concessionRules)
      .values({
        instituteId: c.owner.institute.id,
        name: `Rule ${c.owner.secret}`,
        basis: 'merit',
        kind: 'percent',
        value: 10,
      })
      .returning({ id: concessionRules.id });
    return row?.id;
  });
}

/** A pending ad-hoc concession for the owner's student whose reason carries the marker (a new one each time). */
async function requestOf(c: ResourceContext): Promise<string | undefined> {
  const studentId = await studentOf(c);
  if (!studentId) return undefined;
  const [row] = await c.world.t.database.db
    .insert(concessionRequests)
    .values({
      instituteId: c.owner.institute.id,
      studentId,
      kind: 'fixed',
      value: 100,
      reason: `Reason ${c.owner.secret}`,
      // Asked by the accounts office (the teacher member here), so an approver is never its asker.
      requestedBy: c.owner.members.teacher.id,
    })
    .returning({ id: concessionRequests.id });
  return row?.id;
}

/** A head of the Exam category (what an exam fee bills). */
async function examHeadOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`exam-head:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(feeHeads)
      .values({
        instituteId: c.owner.institute.id,
        name: `Exam ${c.owner.secret}`,
        code: 'SECX',
        category: 'exam',
      })
      .returning({ id: feeHeads.id });
    return row?.id;
  });
}

/** An exam fee demand of the owner's year, class and exam head whose name carries the marker. */
async function examFeeOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`exam-fee:${c.owner.label}`, async () => {
    const [yearId, classId, headId] = [await yearOf(c), await classOf(c), await examHeadOf(c)];
    if (!yearId || !classId || !headId) return undefined;
    const [row] = await c.world.t.database.db
      .insert(feeExamDemands)
      .values({
        instituteId: c.owner.institute.id,
        academicYearId: yearId,
        name: `Exam ${c.owner.secret}`,
        headId,
        dueOn: '2030-09-01',
        classes: [{ class_id: classId, amount_paise: 50000 }],
      })
      .returning({ id: feeExamDemands.id });
    return row?.id;
  });
}

/** A year of the owner's institute before yearOf's (what a carry-forward carries from). */
async function earlierYearOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`earlier-year:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(academicYears)
      .values({
        instituteId: c.owner.institute.id,
        name: `Earlier ${c.owner.secret}`,
        startsOn: '2029-04-01',
        endsOn: '2030-03-31',
      })
      .returning({ id: academicYears.id });
    return row?.id;
  });
}

/** A fee reminder schedule of the owner's institute. */
async function scheduleOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`reminder-schedule:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(feeReminderSchedules)
      .values({ instituteId: c.owner.institute.id, offsetDays: 30, channels: ['email'] })
      .returning({ id: feeReminderSchedules.id });
    return row?.id;
  });
}

/**
 * An online order made by the caller's own counterpart at the owner's institute: the test
 * Checkout pays only the order of the person who made it (issue 27).
 */
async function orderOf(c: ResourceContext): Promise<string | undefined> {
  const role = isRole(c.caller) ? c.caller : 'admin';
  const res = await c.call('POST /api/fees/online/orders', c.owner, role);
  return (res?.json as { data?: { order_id?: string } } | undefined)?.data?.order_id;
}

/** The security suites' makers for the fees routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/fees/exam-fees', make: examFeeOf },
  { name: 'head_id', under: '/api/fees/exam-fees', make: examHeadOf },
  {
    name: 'classes',
    under: '/api/fees/exam-fees',
    make: async (c) => [{ class_id: await classOf(c), amount_paise: 50000 }],
  },
  { name: 'from_year_id', under: '/api/fees/carry-forward', make: earlierYearOf },
  { name: 'to_year_id', under: '/api/fees/carry-forward', make: yearOf },
  { name: 'student_id', under: '/api/fees/online', make: studentWithDue },
  { name: 'order_id', under: '/api/fees/online/test-checkout', make: orderOf },
  { name: 'id', under: '/api/fees/concessions/rules', make: ruleOf },
  { name: 'id', under: '/api/fees/concessions/requests', make: requestOf },
  { name: 'id', under: '/api/fees/students', make: studentOf },
  { name: 'head_id', under: '/api/fees/fine-rule', make: fineHeadOf },
  { name: 'head_id', under: '/api/fees', make: headOf },
  { name: 'student_ids', under: '/api/fees', make: async (c) => [await studentOf(c)] },
  { name: 'id', under: '/api/fees/heads', make: headOf },
  { name: 'id', under: '/api/fees/structures', make: structureOf },
  // Cancelling is tried on a receipt of its own each time; reading on the shared one.
  { name: 'id', under: '/api/fees/payments', methods: ['POST'], make: (c) => paymentOf(c, true) },
  { name: 'id', under: '/api/fees/payments', make: (c) => paymentOf(c) },
  { name: 'structure_ids', under: '/api/fees', make: async (c) => [await structureOf(c)] },
  { name: 'class_id', under: '/api/fees', make: classOf },
  { name: 'academic_year_id', under: '/api/fees', make: yearOf },
  {
    name: 'lines',
    under: '/api/fees/structures',
    make: async (c) => [{ head_id: await headOf(c), amounts_paise: [100000] }],
  },
  { name: 'id', under: '/api/fees/reminders/schedules', make: scheduleOf },
];

/** A fee head as the Add Fees Type form sends it. */
const FEE_HEAD_BODY = {
  code: 'TUI',
  name: 'Tuition Fee',
  category: 'tuition',
  counts_80c: true,
  refundable: false,
};
/** A reminder schedule as the Reminder screen sends it. */
const REMINDER_SCHEDULE_BODY = { offset_days: -3, channels: ['email'], sms_template_key: null, active: true };

/** Requests the fees routes accept where their schemas alone cannot make one. */
export const examples: Record<string, Example> = {
  'POST /api/fees/heads': { body: FEE_HEAD_BODY },
  'PUT /api/fees/heads/:id': { body: FEE_HEAD_BODY },
  'PUT /api/fees/settings': { body: { receipt_prefix: 'RCPT' } },
  'GET /api/fees/payments': { query: { on: '2026-06-01' } },
  'GET /api/fees/collection': { query: { on: '2026-06-01' } },
  'POST /api/fees/structures': {
    body: { student_category: '', instalments: [{ label: 'Term 1', due_on: '2030-05-01' }] },
  },
  'POST /api/fees/online/orders': { body: { amount_paise: 100000 } },
  'POST /api/fees/online/refunds': { body: { payment_id: 'pay_example' } },
  'POST /api/fees/payments': { body: { amount_paise: 50000, mode: 'cash', reference: '' } },
  'POST /api/fees/exam-fees': { body: { name: 'Term 1 Examination', due_on: '2030-09-01' } },
  'POST /api/fees/reminders/schedules': { body: REMINDER_SCHEDULE_BODY },
  'PUT /api/fees/reminders/schedules/:id': { body: REMINDER_SCHEDULE_BODY },
};
