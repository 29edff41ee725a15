import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/auth.table';
import { institutes } from '../../platform/institutes/institutes.table';
import { as, tokenFor } from '../../testing/factories';
import { useSeededDemo } from '../../testing/test-app';
import { seedDemo } from '../seed';

const t = useSeededDemo();

async function headersOf(email: string, role: 'admin' | 'teacher' | 'student' | 'parent') {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const [dev] = await db.select().from(institutes).where(eq(institutes.domain, DEV_DOMAIN));
  if (!user || !dev) throw new Error('demo not seeded');
  return as(dev, await tokenFor(t.app, user, dev, role));
}

async function list(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/students?limit=100${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    items: { full_name: string; section_name: string }[];
    pagination: { total: number };
  };
}

describe('the demo school', () => {
  it('has about 1,200 students in classes Nursery to XII', async () => {
    const all = await list(await headersOf('admin@schooliko.dev', 'admin'));
    expect(all.pagination.total).toBeGreaterThan(1100);
    expect(all.pagination.total).toBeLessThan(1300);
  });

  it('shows the demo teacher the pupils of the section they lead and the two they teach in', async () => {
    const mine = await list(await headersOf('teacher@schooliko.dev', 'teacher'));
    const sections = new Set(mine.items.map((s) => s.section_name));
    expect([...sections].sort()).toEqual(['VII-A', 'VII-B', 'VII-C']);
    expect(mine.pagination.total).toBeLessThan(120);
  });

  it('gives the student account its own record, and the parent accounts their own child', async () => {
    const me = await list(await headersOf('student@schooliko.dev', 'student'));
    expect(me.items.map((s) => s.full_name)).toEqual(['Arjun Patil']);
    const child = await list(await headersOf('parent@schooliko.dev', 'parent'));
    expect(child.items.map((s) => [s.full_name, s.section_name])).toEqual([['Arjun Patil', 'VII-B']]);
    const teachersChild = await list(await headersOf('teacher@schooliko.dev', 'parent'));
    expect(teachersChild.items).toHaveLength(1);
    expect(teachersChild.items[0]?.full_name).toMatch(/ Deshpande$/);
    expect(teachersChild.items[0]?.full_name).not.toBe('Arjun Patil');
  });

  it('seeds once: a second run adds nothing', async () => {
    const before = (await list(await headersOf('admin@schooliko.dev', 'admin'))).pagination.total;
    const ledger = () =>
      rows<{ n: number }>(sql`select (select count(*) from fee_payments) + (select count(*) from fee_dues)
        + (select count(*) from fee_allocations) + (select count(*) from fee_heads) as n`);
    const feesBefore = await ledger();
    await seedDemo(t.database.db);
    expect((await list(await headersOf('admin@schooliko.dev', 'admin'))).pagination.total).toBe(before);
    expect(await ledger()).toEqual(feesBefore);
  });
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
      ) as T,
  );
}

describe("the demo school's fees", () => {
  const dev = sql`(select id from institutes where domain = ${DEV_DOMAIN})`;

  it('has a quarterly structure for every class of the current year, billed to every enrolled pupil', async () => {
    const [facts] = await rows<{
      classes: number;
      structures: number;
      enrolled: number;
      unbilled: number;
    }>(sql`
      select (select count(*) from classes where institute_id = ${dev}) as classes,
        (select count(*) from fee_structures fs join academic_years y on y.id = fs.academic_year_id
          where fs.institute_id = ${dev} and y.is_current and fs.plan = 'quarterly'
            and jsonb_array_length(fs.instalments) = 4) as structures,
        (select count(*) from students where institute_id = ${dev} and status = 'enrolled') as enrolled,
        (select count(*) from students s where s.institute_id = ${dev} and s.status = 'enrolled'
          and not exists (select 1 from fee_dues d where d.student_id = s.id and not d.cancelled)) as unbilled`);
    expect(facts).toEqual({ classes: 15, structures: 15, enrolled: facts?.enrolled, unbilled: 0 });
    expect(facts?.enrolled).toBeGreaterThan(1100);
    // The structures the counter screen lists say the same, and tuition grows with the class.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/fees/structures',
      headers: await headersOf('admin@schooliko.dev', 'admin'),
    });
    const structures = res.json().data.items as {
      class_name: string;
      students_billed: number;
      total_paise: number;
    }[];
    expect(structures.map((s) => s.class_name).slice(0, 4)).toEqual(['Nursery', 'LKG', 'UKG', 'I']);
    expect(structures.reduce((sum, s) => sum + s.students_billed, 0)).toBe(facts?.enrolled);
    expect(structures.find((s) => s.class_name === 'I')?.total_paise).toBe(
      4 * 750_000 + 490_000 + 2 * 60_000 + 4 * 50_000,
    );
  });

  it('numbers receipts 1..N and reversals 1..3 with no gap, each reversal cancelling one receipt', async () => {
    const numbers = async (kind: string) =>
      (
        await rows<{ receipt_no: string }>(
          sql`select receipt_no from fee_payments where institute_id = ${dev} and kind = ${kind}`,
        )
      )
        .map((r) => Number(r.receipt_no.split('/').at(-1)))
        .sort((a, b) => a - b);
    const receipts = await numbers('receipt');
    expect(receipts.length).toBeGreaterThan(2000);
    expect(receipts).toEqual(receipts.map((_, n) => n + 1));
    expect(await numbers('reversal')).toEqual([1, 2, 3]);
    const [counters] = await rows<{ receipts: number; reversals: number; cancelled: number }>(sql`
      select (select last from document_counters where institute_id = ${dev} and kind = 'fee-receipt') as receipts,
        (select last from document_counters where institute_id = ${dev} and kind = 'fee-reversal') as reversals,
        (select count(distinct r.reverses_id) from fee_payments r join fee_payments p on p.id = r.reverses_id
          where r.institute_id = ${dev} and r.amount_paise = -p.amount_paise and p.mode = 'cheque') as cancelled`);
    expect(counters).toEqual({ receipts: receipts.length, reversals: 3, cancelled: 3 });
  });

  it('keeps the ledger whole: allocations and advances add up to every payment, and dues to their allocations', async () => {
    const [sums] = await rows<{
      paid: number;
      allocated: number;
      advance: number;
      off_payments: number;
      off_dues: number;
    }>(sql`
      select (select sum(amount_paise) from fee_payments where institute_id = ${dev}) as paid,
        (select sum(amount_paise) from fee_allocations where institute_id = ${dev}) as allocated,
        (select sum(advance_paise) from fee_payments where institute_id = ${dev}) as advance,
        (select count(*) from fee_payments p where p.institute_id = ${dev} and p.amount_paise <> p.advance_paise
          + coalesce((select sum(a.amount_paise) from fee_allocations a where a.institute_id = p.institute_id and a.payment_id = p.id), 0)) as off_payments,
        (select count(*) from fee_dues d where d.institute_id = ${dev} and d.paid_paise <>
          coalesce((select sum(a.amount_paise) from fee_allocations a where a.institute_id = d.institute_id and a.due_id = d.id), 0)) as off_dues`);
    expect(sums?.paid).toBe((sums?.allocated ?? 0) + (sums?.advance ?? 0));
    expect(sums?.advance).toBeGreaterThan(0);
    expect({ off_payments: sums?.off_payments, off_dues: sums?.off_dues }).toEqual({
      off_payments: 0,
      off_dues: 0,
    });
  });

  it('allocated oldest first: no pupil has paid a due while an older one is still open', async () => {
    const [found] = await rows<{ n: number; overpaid: number }>(sql`
      select count(*) filter (where open_before and paid_paise > 0) as n,
        count(*) filter (where paid_paise > amount_paise - concession_paise) as overpaid
      from (select d.paid_paise, d.amount_paise, d.concession_paise,
          coalesce(bool_or(d.amount_paise - d.concession_paise - d.paid_paise > 0) over (partition by d.student_id
            order by d.due_on, d.seq, h.code, d.id rows between unbounded preceding and 1 preceding), false) as open_before
        from fee_dues d join fee_heads h on h.id = d.head_id
        where d.institute_id = ${dev} and not d.cancelled) x`);
    expect(found).toEqual({ n: 0, overpaid: 0 });
  });

  it('has most pupils paid up for Q1, many for Q2, a few partly, a few defaulters', async () => {
    const [share] = await rows<{
      pupils: number;
      q1: number;
      q2: number;
      partly: number;
      nothing: number;
    }>(sql`
      select count(*) as pupils, count(*) filter (where q1) as q1, count(*) filter (where q2) as q2,
        count(*) filter (where partly) as partly, count(*) filter (where paid = 0) as nothing
      from (select d.student_id, bool_and(d.paid_paise = d.amount_paise) filter (where d.seq = 0) as q1,
          bool_and(d.paid_paise = d.amount_paise) filter (where d.seq = 1) as q2,
          bool_or(d.paid_paise > 0 and d.paid_paise < d.amount_paise) as partly, sum(d.paid_paise) as paid
        from fee_dues d where d.institute_id = ${dev} and not d.cancelled
          and d.source_kind = 'structure' group by d.student_id) x`);
    const of = (n = 0) => n / (share?.pupils ?? 1);
    expect(of(share?.q1)).toBeGreaterThan(0.9);
    expect(of(share?.q2)).toBeGreaterThan(0.6);
    expect(of(share?.q2)).toBeLessThan(0.8);
    expect(share?.partly).toBeGreaterThan(20);
    expect(of(share?.nothing)).toBeGreaterThan(0.01);
    expect(of(share?.nothing)).toBeLessThan(0.07);
  });

  it("shows the demo student's parent Q1 and Q2 paid and Q3 overdue", async () => {
    const [arjun] = await rows<{ id: string }>(
      sql`select s.id from students s join users u on u.id = s.user_id where u.email = 'student@schooliko.dev'`,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/fees/dues?student_id=${arjun?.id}`,
      headers: await headersOf('parent@schooliko.dev', 'parent'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { instalment: string; status: string }[];
    const byQuarter = [...new Set(items.map((d) => d.instalment))].map((q) => [
      q,
      [...new Set(items.filter((d) => d.instalment === q).map((d) => d.status))].join(),
    ]);
    expect(byQuarter).toEqual([
      ['Quarter 1 (Apr-Jun)', 'paid'],
      ['Quarter 2 (Jul-Sep)', 'paid'],
      ['Quarter 3 (Oct-Dec)', 'due'],
      ['Quarter 4 (Jan-Mar)', 'due'],
    ]);
  });
});

describe("the demo school's timetable", () => {
  const dev = sql`(select id from institutes where domain = ${DEV_DOMAIN})`;

  it('has assembly, eight lessons of 40 minutes, a short break and lunch', async () => {
    const bell = await rows<{ label: string; kind: string }>(
      sql`select label, kind from bell_periods where institute_id = ${dev} order by period`,
    );
    expect(bell.map((b) => b.kind)).toEqual([
      'assembly',
      'lesson',
      'lesson',
      'lesson',
      'break',
      'lesson',
      'lesson',
      'break',
      'lesson',
      'lesson',
      'lesson',
    ]);
    expect(bell.filter((b) => b.kind === 'break').map((b) => b.label)).toEqual(['Short break', 'Lunch']);
  });

  it('fills every lesson of every current section Monday to Saturday, with no teacher or room twice', async () => {
    const [counts] = await rows<{
      sections: number;
      entries: number;
      teacher_clashes: number;
      room_clashes: number;
    }>(sql`
      select
        (select count(*) from sections s join academic_years y on y.institute_id = s.institute_id and y.id = s.academic_year_id
          where s.institute_id = ${dev} and y.is_current) as sections,
        (select count(*) from timetable_entries where institute_id = ${dev}) as entries,
        (select count(*) from (select 1 from timetable_entries where institute_id = ${dev}
          group by teacher_id, day, period having count(*) > 1) x) as teacher_clashes,
        (select count(*) from (select 1 from timetable_entries where institute_id = ${dev} and room <> ''
          group by room, day, period having count(*) > 1) x) as room_clashes`);
    expect(counts?.entries).toBe((counts?.sections ?? 0) * 6 * 8);
    expect(counts?.teacher_clashes).toBe(0);
    expect(counts?.room_clashes).toBe(0);
    const coScholastic = await rows<{ name: string }>(
      sql`select name from subjects where institute_id = ${dev} and type = 'co_scholastic' order by name`,
    );
    expect(coScholastic.map((s) => s.name)).toEqual(['Art Education', 'Physical Education']);
  });

  it('gives the demo teacher mathematics in the three sections they teach, on every day of the week', async () => {
    const mine = await rows<{ section: string; subject: string; days: number }>(sql`
      select c.name || '-' || s.name as section, sub.name as subject, count(distinct e.day) as days
      from timetable_entries e
      join staff t on t.institute_id = e.institute_id and t.id = e.teacher_id
      join sections s on s.institute_id = e.institute_id and s.id = e.section_id
      join classes c on c.institute_id = s.institute_id and c.id = s.class_id
      join subjects sub on sub.institute_id = e.institute_id and sub.id = e.subject_id
      where e.institute_id = ${dev} and t.email = 'teacher@schooliko.dev'
      group by 1, 2 order by 1, 2`);
    expect(mine.map((m) => [m.section, m.subject])).toEqual([
      ['VII-A', 'Mathematics'],
      ['VII-B', 'Mathematics'],
      ['VII-C', 'Mathematics'],
    ]);
    const [week] = await rows<{ days: number; periods: number }>(sql`
      select count(distinct e.day) as days, count(*) as periods from timetable_entries e
      join staff t on t.institute_id = e.institute_id and t.id = e.teacher_id
      where e.institute_id = ${dev} and t.email = 'teacher@schooliko.dev'`);
    expect(week).toEqual({ days: 6, periods: 24 });
  });

  it('gives the demo teacher homework to mark and the demo student work in every state', async () => {
    const teacher = await headersOf('teacher@schooliko.dev', 'teacher');
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/homework?mine=true&limit=100',
      headers: teacher,
    });
    const set = mine.json().data.items as { section_label: string; submitted: number; pupils: number }[];
    expect(new Set(set.map((a) => a.section_label))).toEqual(new Set(['VII-A', 'VII-B', 'VII-C']));
    expect(set.some((a) => a.submitted > 0 && a.submitted < a.pupils)).toBe(true);
    const student = await headersOf('student@schooliko.dev', 'student');
    const own = await t.app.inject({ method: 'GET', url: '/api/homework/own?limit=100', headers: student });
    const statuses = new Set((own.json().data.items as { status: string }[]).map((a) => a.status));
    expect(statuses.has('pending')).toBe(true);
    expect(statuses.has('marked')).toBe(true);
  });

  it('has a published unit test with every pupil’s marks and a periodic test with grades pending', async () => {
    const state = await rows<{ name: string; state: string; pupils: number; absent: number }>(sql`
      select e.name, e.state, count(distinct m.student_id) as pupils,
        count(*) filter (where m.status = 'absent') as absent
      from exams e join exam_marks m on m.institute_id = e.institute_id and m.exam_id = e.id
      where e.institute_id = ${dev} group by 1, 2 order by 1`);
    expect(state.map((s) => [s.name, s.state])).toEqual([
      ['Periodic Test 2', 'marks_entry'],
      ['Unit Test 2', 'published'],
    ]);
    const unit = state[1];
    expect(Number(unit?.pupils)).toBeGreaterThan(1100);
    expect(Number(unit?.absent)).toBeGreaterThan(20);
    const teacher = await headersOf('teacher@schooliko.dev', 'teacher');
    const [periodic] = (await t.app.inject({ method: 'GET', url: '/api/exams', headers: teacher })).json()
      .data.items;
    const sheets = (
      await t.app.inject({ method: 'GET', url: `/api/exams/${periodic.id}/sheets`, headers: teacher })
    ).json().data.items as { mine: boolean; entered: number; total: number }[];
    const mine = sheets.filter((x) => x.mine);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.some((x) => x.entered < x.total)).toBe(true);
    // The teacher's own section has the term's report-card remarks written, some in Hindi.
    const url = `/api/exams/${periodic.id}`;
    const [led] = (
      await t.app.inject({ method: 'GET', url: `${url}/remark-sections`, headers: teacher })
    ).json().data.items;
    expect(led.section_label).toBe('VII-B');
    expect(led.written).toBeGreaterThan(led.total / 2);
    expect(led.written).toBeLessThan(led.total);
    const remarks = (
      await t.app.inject({
        method: 'GET',
        url: `${url}/remarks?section_id=${led.section_id}`,
        headers: teacher,
      })
    ).json().data.rows as { remark: string }[];
    expect(remarks.some((r) => /[\u0900-\u097F]/.test(r.remark))).toBe(true);
  });
});
