import {
  feeHeadInputSchema,
  feeStructureInputSchema,
  type PaymentMode,
  paymentInputSchema,
} from '@schooliko/common/fees/fees';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { CLASS_NAMES } from '@schooliko/common/people/classes';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { random } from '../../db/demo/generator';
import type { ModuleSeed } from '../../kit/module';
import { type Actor, inInstitute } from '../../kit/scope';
import { actorForJob } from '../../platform/jobs/jobs.actor';
import { classes, currentYearOf } from '../classes';
import { billExamDemand, billStudents } from './billing.service';
import { bounceCheque, saveBounceFine } from './bounce.service';
import { addRuleStudents, createRequest, createRule, reviewRequest, reviewRule } from './concessions.service';
import { feeExamDemands, feeHeads, feeReminderSchedules } from './fees.table';
import { createHead } from './heads.service';
import { postPayment, postPayments } from './payments.service';
import { ensureDailyRun } from './reminders.service';
import { createStructure } from './structures.service';

// The demo school's fees (issue 14, item 14): this year's heads, a structure for every class,
// dues for every pupil, and a term's worth of counter payments, all through the fees services.

const HEADS = [
  { code: 'TUI', name: 'Tuition Fee', category: 'tuition', counts_80c: true },
  { code: 'ADM', name: 'Admission Fee', category: 'admission' },
  { code: 'ANN', name: 'Annual Charges', category: 'annual' },
  { code: 'EXM', name: 'Exam Fee', category: 'exam' },
  { code: 'CMP', name: 'Computer Fee', category: 'misc' },
  { code: 'LAB', name: 'Science Lab Fee', category: 'misc' },
  { code: 'TRN', name: 'Transport Fee', category: 'transport' },
  { code: 'CAU', name: 'Caution Money', category: 'misc', refundable: true },
  { code: 'FINE', name: 'Late Fine', category: 'fine' },
] as const;
type Code = (typeof HEADS)[number]['code'];

/** Quarterly, due on the 10th of April, July, October and January. */
const INSTALMENTS = [
  { label: 'Quarter 1 (Apr-Jun)', due_on: '2026-04-10' },
  { label: 'Quarter 2 (Jul-Sep)', due_on: '2026-07-10' },
  { label: 'Quarter 3 (Oct-Dec)', due_on: '2026-10-10' },
  { label: 'Quarter 4 (Jan-Mar)', due_on: '2027-01-10' },
];

const rupees = (n: number) => n * 100;

/**
 * What a class pays, in paise per quarter, growing with the class (k: Nursery 0 … XII 14):
 * tuition every quarter, annual charges in the first, exam fees with the half-yearly and annual
 * exams, computer fees from class I, lab fees from IX, and admission fee with caution money in
 * the classes where pupils join (Nursery, XI). Transport and fines are billed by their own rules.
 */
function linesFor(className: string): [Code, number[]][] {
  const k = CLASS_NAMES.indexOf(className as (typeof CLASS_NAMES)[number]);
  const tuition = rupees(6_000 + 500 * k);
  const lines: [Code, number[]][] = [
    ['TUI', [tuition, tuition, tuition, tuition]],
    ['ANN', [rupees(4_000 + 300 * k), 0, 0, 0]],
  ];
  if (k >= 3) {
    const exam = rupees(k >= 12 ? 1_200 : 600);
    lines.push(['EXM', [0, exam, 0, exam]]);
    const computer = rupees(k >= 9 ? 900 : 500);
    lines.push(['CMP', [computer, computer, computer, computer]]);
  }
  if (k >= 11) lines.push(['LAB', [rupees(1_500), 0, rupees(1_500), 0]]);
  if (className === 'Nursery' || className === 'XI') {
    lines.push(['ADM', [rupees(className === 'XI' ? 10_000 : 15_000), 0, 0, 0]]);
    lines.push(['CAU', [rupees(5_000), 0, 0, 0]]);
  }
  return lines;
}

/** How a family pays: the mode, and its reference as the office writes it down. */
function tender(r: ReturnType<typeof random>, n: number): { mode: PaymentMode; reference: string } {
  const mode = r.pick<PaymentMode>([
    'cash',
    'cash',
    'cash',
    'upi',
    'upi',
    'upi',
    'cheque',
    'cheque',
    'card',
    'dd',
  ]);
  const reference =
    mode === 'cash'
      ? ''
      : mode === 'upi'
        ? `UPI${r.digits(12)}`
        : mode === 'card'
          ? `CARD-${r.digits(4)}-${String(n).padStart(5, '0')}`
          : `${mode === 'dd' ? 'DD' : 'CHQ'} ${r.digits(6)}`;
  return { mode, reference };
}

/**
 * Seeds the development institute's fees, once (nothing if it has fee heads): heads, a quarterly
 * structure for every class of the current year, dues for every enrolled pupil (billStudents, the
 * path of the generation job), then counter payments posted by the admin at the counter
 * (postPayment: oldest dues first, gap-free receipt numbers): most pupils paid Q1, many Q2, some
 * Q3, a few only part of Q2, a few nothing; three cheques bounced (bounceCheque: reversed, the first
 * with the ₹500 bounce fine), one paid again in cash; the pre-board exam fee of IX–XII; one
 * concession of each kind. One transaction: all of it or nothing.
 */
export async function seedDemoFees(
  db: Db,
  instituteId: string,
  users: { admin: string; accountant: string },
  seed: number,
) {
  const [existing] = await db
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(eq(feeHeads.instituteId, instituteId))
    .limit(1);
  if (existing) return;
  const actor: Actor = await actorForJob(db, instituteId, {
    userId: users.admin,
    role: 'admin',
    jobSets: [],
  });
  const accountant: Actor = { ...actor, userId: users.accountant };
  const r = random(seed);
  await inInstitute(db, instituteId, async (tx) => {
    const heads = new Map<string, string>();
    for (const head of HEADS)
      heads.set(head.code, (await createHead(tx, actor, feeHeadInputSchema.parse(head))).id);
    const year = await currentYearOf(tx, instituteId);
    if (!year) return;
    const classRows = await tx.select().from(classes).where(eq(classes.instituteId, instituteId));
    for (const c of classRows)
      await createStructure(
        tx,
        actor,
        feeStructureInputSchema.parse({
          academic_year_id: year.id,
          class_id: c.id,
          plan: 'quarterly',
          instalments: INSTALMENTS,
          lines: linesFor(c.name).map(([code, amounts]) => ({
            head_id: heads.get(code),
            amounts_paise: amounts,
          })),
        }),
      );
    await billStudents(tx, instituteId, sql`true`);
    await saveBounceFine(tx, actor, rupees(500));
    await collect(tx, actor, r);
    await seedExamFee(tx, actor, year.id, heads.get('EXM') ?? '', classRows, r);
    await seedConcessions(tx, actor, accountant, r);
  });
}

/**
 * The pre-board examination of classes IX–XII (an exam fee demand, billed by billExamDemand as
 * its job does, due mid-November), then paid at the counter by about half of those who owe
 * nothing older (their payment pays the exam fee first), and by every family that had already
 * paid ahead for the year (so no later due is paid while the exam fee is open).
 */
async function seedExamFee(
  tx: Db,
  actor: Actor,
  yearId: string,
  headId: string,
  classRows: { id: string; name: string }[],
  r: ReturnType<typeof random>,
) {
  const senior = classRows.filter((c) => ['IX', 'X', 'XI', 'XII'].includes(c.name));
  const [demand] = await tx
    .insert(feeExamDemands)
    .values({
      instituteId: actor.institute.id,
      academicYearId: yearId,
      name: 'Pre-board Examination',
      headId,
      dueOn: '2026-11-16',
      classes: senior.map((c) => ({
        class_id: c.id,
        amount_paise: rupees(c.name === 'X' || c.name === 'XII' ? 1_500 : 800),
      })),
      createdBy: actor.userId,
    })
    .returning({ id: feeExamDemands.id });
  if (!demand) return;
  for (const c of senior) await billExamDemand(tx, actor.institute.id, demand.id, c.id);
  const clear = (
    (await tx.execute(sql`
      select d.student_id, d.amount_paise::bigint as amount,
        exists (select 1 from fee_dues l where l.institute_id = d.institute_id and l.student_id = d.student_id
          and not l.cancelled and l.due_on > d.due_on and l.paid_paise > 0) as prepaid
      from fee_dues d
      where d.institute_id = ${actor.institute.id} and d.source_kind = 'exam_demand' and d.source_id = ${demand.id}::uuid
        and not exists (select 1 from fee_dues o where o.institute_id = d.institute_id and o.student_id = d.student_id
          and not o.cancelled and o.due_on < d.due_on and o.amount_paise - o.concession_paise - o.paid_paise > 0)
      order by d.student_id`)) as unknown as {
      rows: { student_id: string; amount: string; prepaid: boolean }[];
    }
  ).rows.filter((c) => r.chance(0.5) || c.prepaid);
  await postPayments(
    tx,
    actor,
    clear.map((c) =>
      paymentInputSchema.parse({ student_id: c.student_id, amount_paise: Number(c.amount), mode: 'cash' }),
    ),
    '2026-11-12' <= todayInIndia() ? '2026-11-12' : todayInIndia(),
  );
}

/**
 * One concession of each kind, applied to what is still open (so the register has rows): RTE
 * seats free, the second child of a family 10% off tuition, two staff wards half tuition, one
 * merit scholar a quarter off tuition, and one ad-hoc ₹2,000 (each of them a pupil with no RTE
 * seat, so what they get shows): each proposed by the accountant and
 * approved by the admin (a waiver takes two people).
 */
async function seedConcessions(tx: Db, actor: Actor, proposer: Actor, r: ReturnType<typeof random>) {
  const [tuition] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, actor.institute.id), eq(feeHeads.code, 'TUI')));
  if (!tuition) return;
  const owing = (
    (await tx.execute(sql`
      select distinct d.student_id from fee_dues d
      join students s on s.institute_id = d.institute_id and s.id = d.student_id and s.user_id is null and not s.rte
      where d.institute_id = ${actor.institute.id} and d.head_id = ${tuition.id}::uuid and not d.cancelled and d.amount_paise - d.concession_paise - d.paid_paise > 0
      order by d.student_id limit 40`)) as unknown as { rows: { student_id: string }[] }
  ).rows.map((x) => x.student_id);
  const pick = () => owing[Math.floor(r.next() * owing.length)] ?? '';
  const rte = await createRule(tx, proposer, {
    name: 'RTE 25% seat',
    basis: 'rte',
    sibling_rank: null,
    head_id: null,
    kind: 'percent',
    value: 100,
  });
  const second = await createRule(tx, proposer, {
    name: 'Second child',
    basis: 'sibling',
    sibling_rank: 2,
    head_id: tuition.id,
    kind: 'percent',
    value: 10,
  });
  const ward = await createRule(tx, proposer, {
    name: 'Staff ward',
    basis: 'staff_ward',
    sibling_rank: null,
    head_id: tuition.id,
    kind: 'percent',
    value: 50,
  });
  await addRuleStudents(tx, proposer, ward.id, [...new Set([pick(), pick()])]);
  const merit = await createRule(tx, proposer, {
    name: 'Merit scholarship',
    basis: 'merit',
    sibling_rank: null,
    head_id: tuition.id,
    kind: 'percent',
    value: 25,
  });
  await addRuleStudents(tx, proposer, merit.id, [pick()]);
  for (const rule of [rte, second, ward, merit]) await reviewRule(tx, actor, rule.id, 'approved');
  const request = await createRequest(tx, proposer, {
    student_id: pick(),
    head_id: null,
    kind: 'fixed',
    value: rupees(2_000),
    reason: 'Father lost his job; fee relief for this year',
  });
  await reviewRequest(tx, actor, request.id, 'approved', 'Approved by the principal');
}

/** What each pupil owes per quarter (the demo account's pupil first, then by admission number). */
async function quarters(tx: Db, instituteId: string) {
  const result = await tx.execute(sql`
    select d.student_id, array_agg(d.total order by d.seq) as totals
    from (select student_id, seq, sum(amount_paise)::bigint as total from fee_dues
          where institute_id = ${instituteId} and not cancelled group by student_id, seq) d
    join students s on s.institute_id = ${instituteId} and s.id = d.student_id
    group by d.student_id, s.user_id, s.admission_no
    order by s.user_id is null, s.admission_no`);
  return (result as unknown as { rows: { student_id: string; totals: (string | number)[] }[] }).rows.map(
    (row) => ({ studentId: row.student_id, totals: row.totals.map(Number) }),
  );
}

/** Quarters' due dates of the demo structures (quarterly, from the year's start on 1 April). */
const QUARTER_DUE = ['2026-04-10', '2026-07-10', '2026-10-10'];

/** Working days from 8 days before `due` to 19 after (Sundays skipped), none after today. */
function receiptDays(due: string): string[] {
  const today = todayInIndia();
  const start = new Date(`${due}T00:00:00Z`).getTime() - 8 * 86_400_000;
  const days: string[] = [];
  for (let n = 0; n < 28; n++) {
    const date = new Date(start + n * 86_400_000);
    const iso = date.toISOString().slice(0, 10);
    if (date.getUTCDay() !== 0 && iso <= today) days.push(iso);
  }
  return days.length > 0 ? days : [today];
}

async function collect(tx: Db, actor: Actor, r: ReturnType<typeof random>) {
  const pupils = await quarters(tx, actor.institute.id);
  // Each pupil's receipts by quarter: what they paid of Q1, Q2 and Q3 (0: nothing).
  const plans = pupils.map((p, n) => {
    const [q1 = 0, q2 = 0, q3 = 0, q4 = 0] = p.totals;
    // The demo student (first) has paid Q1 and Q2; Q3 is overdue.
    if (n === 0) return { studentId: p.studentId, paid: [q1, q2, 0] };
    const roll = r.next();
    if (roll < 0.04) return { studentId: p.studentId, paid: [0, 0, 0] };
    const second = roll < 0.72 ? q2 : roll < 0.8 ? Math.floor(q2 / 2 / 10_000) * 10_000 : 0;
    const third = second === q2 && r.chance(0.3) ? q3 : 0;
    // A few pay the rest of the year and a round sum above it: that is kept as their advance.
    const rest = third && r.chance(0.05) ? q4 + rupees(1_000) : 0;
    return { studentId: p.studentId, paid: [q1, second, third + rest] };
  });
  const posted: { id: string; student_id: string; mode: PaymentMode; quarter: number }[] = [];
  for (let quarter = 0; quarter < 3; quarter++) {
    const batch = plans
      .filter((p) => (p.paid[quarter] ?? 0) > 0)
      .map((p, n) =>
        paymentInputSchema.parse({
          student_id: p.studentId,
          amount_paise: p.paid[quarter],
          ...tender(r, posted.length + n + 1),
        }),
      );
    // Receipts over the four weeks around the quarter's due date (never after today), in date order.
    const days = receiptDays(QUARTER_DUE[quarter] ?? '2026-04-10');
    for (const [d, day] of days.entries()) {
      const share = batch.filter((_, n) => n % days.length === d);
      for (const p of await postPayments(tx, actor, share, day))
        posted.push({
          ...p,
          mode: share.find((x) => x.student_id === p.student_id)?.mode ?? 'cash',
          quarter,
        });
    }
  }
  // Three cheques bounced: the last receipts of pupils who paid nothing after them.
  const last = new Map(posted.map((p) => [p.student_id, p]));
  const bounced = [...last.values()].filter((p) => p.mode === 'cheque' && p.quarter === 1).slice(0, 3);
  // Bounced: the receipt reversed (marked bounced); the first also gets the ₹500 bounce fine.
  for (const [n, p] of bounced.entries())
    await bounceCheque(tx, actor, p.id, { bank_reason: 'Insufficient funds', add_fine: n === 0 });
  const again = plans.find((p) => p.studentId === bounced[0]?.student_id);
  if (again?.paid[1])
    await postPayment(tx, actor, {
      student_id: again.studentId,
      amount_paise: again.paid[1],
      mode: 'cash',
      reference: '',
    });
}

/**
 * Fee reminder schedules, once: 3 days before by email and SMS (the messaging module's
 * 'fee-reminder' template), 7 days after by email, with the daily run queued.
 */
async function seedDemoReminders(db: Db, instituteId: string) {
  const [existing] = await db
    .select({ id: feeReminderSchedules.id })
    .from(feeReminderSchedules)
    .where(eq(feeReminderSchedules.instituteId, instituteId))
    .limit(1);
  if (existing) return;
  await inInstitute(db, instituteId, async (tx) => {
    await tx.insert(feeReminderSchedules).values([
      { instituteId, offsetDays: -3, channels: ['email', 'sms'], smsTemplateKey: 'fee-reminder' },
      { instituteId, offsetDays: 7, channels: ['email'] },
    ]);
    await ensureDailyRun(tx, instituteId);
  });
}

/** Fees' demo step: the development institute's fees, collected at the counter by its admin. */
export const seedFeesDemo: ModuleSeed = async (db, { devInstituteId, emails }) => {
  const admin = emails.get('admin@schooliko.dev');
  const accountant = emails.get('accounts@schooliko.dev');
  if (devInstituteId && admin && accountant)
    await seedDemoFees(db, devInstituteId, { admin, accountant }, 2026);
  if (devInstituteId) await seedDemoReminders(db, devInstituteId);
};
