import { todayInIndia } from '@schooliko/common/kit/dates';
import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { createGroupAs, person } from '../groups/groups.testing';
import { feesKit } from './fees.testing';

const t = useTestApp();

const { send, addHead, generate, pay } = feesKit(() => t);
const today = todayInIndia();
const daysAgo = (n: number) => new Date(Date.parse(today) - n * 864e5).toISOString().slice(0, 10);

/**
 * Class VII: Q1 (100 days ago) tuition ₹3,000 + bus ₹500, Q2 (45 days ago) the same, Q3 (in 20
 * days) tuition ₹3,000. Class VIII: Q1 (10 days ago) tuition ₹1,000. Ananya (VII-A, the parent's
 * child) pays ₹3,500 cash, Kabir (VII-B) ₹1,000 by UPI, Riya (VIII-A) ₹200 cash, cancelled.
 * Overdue: Kabir ₹6,000 (100 days), Ananya ₹3,500 (45 days), Riya ₹1,000 (10 days).
 */
async function school() {
  const s = await makeSchool(t.app);
  const h = s.admin.headers;
  const tui = await addHead(h, 'TUI', 'Tuition Fee');
  const bus = await addHead(h, 'BUS', 'Bus Fee', 'transport');
  const structure = async (classId: string, instalments: [string, string][], lines: object[]) => {
    const res = await send('POST', h, '/api/fees/structures', {
      academic_year_id: s.year.id,
      class_id: classId,
      plan: 'quarterly',
      instalments: instalments.map(([label, due_on]) => ({ label, due_on })),
      lines,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const seven = await structure(
    s.classes.seven.id,
    [
      ['Q1', daysAgo(100)],
      ['Q2', daysAgo(45)],
      ['Q3', daysAgo(-20)],
    ],
    [
      { head_id: tui.id, amounts_paise: [300000, 300000, 300000] },
      { head_id: bus.id, amounts_paise: [50000, 50000, 0] },
    ],
  );
  const eight = await structure(
    s.classes.eight.id,
    [['Q1', daysAgo(10)]],
    [{ head_id: tui.id, amounts_paise: [100000] }],
  );
  await generate(h, [seven, eight]);
  await pay(h, s.students.child.id, 350000);
  await pay(h, s.students.other.id, 100000, 'upi', 'UTR 1');
  const cancelled = await pay(h, s.students.older.id, 20000);
  const res = await send('POST', h, `/api/fees/payments/${cancelled.id}/cancel`, { reason: 'Wrong pupil' });
  expect(res.statusCode).toBe(200);
  return { ...s, cancelled };
}

type Page = {
  items: {
    student_name: string;
    overdue_paise: number;
    days_overdue: number;
    age: string;
    instalments: string[];
  }[];
  pagination: { total: number };
  totals: {
    students: number;
    overdue_paise: number;
    buckets: Record<string, { students: number; paise: number }>;
  };
};
const list = async (headers: Record<string, string>, query = '') => {
  const res = await send('GET', headers, `/api/fees/defaulters${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page;
};
const names = (p: Page) => p.items.map((i) => i.student_name.split(' ')[0]);

describe('the defaulter list', () => {
  it('lists overdue balances by amount, with age buckets and exact totals', async () => {
    const s = await school();
    const all = await list(s.admin.headers);
    expect(
      all.items.map((i) => [i.student_name, i.overdue_paise, i.days_overdue, i.age, i.instalments]),
    ).toEqual([
      ['Kabir Shaikh', 600000, 100, '90+', ['Q1', 'Q2']],
      ['Ananya Deshpande', 350000, 45, '31-60', ['Q2']],
      ['Riya Iyer', 100000, 10, '0-30', ['Q1']],
    ]);
    expect(all.totals).toEqual({
      students: 3,
      overdue_paise: 1050000,
      buckets: {
        '0-30': { students: 1, paise: 100000 },
        '31-60': { students: 1, paise: 350000 },
        '61-90': { students: 0, paise: 0 },
        '90+': { students: 1, paise: 600000 },
      },
    });
  });

  it('filters by class, section, instalment, age, amount and search; sorts; pages past the end', async () => {
    const s = await school();
    const h = s.admin.headers;
    const seven = await list(h, `?class_id=${s.classes.seven.id}`);
    expect([names(seven), seven.totals.students, seven.totals.overdue_paise]).toEqual([
      ['Kabir', 'Ananya'],
      2,
      950000,
    ]);
    expect(names(await list(h, `?section_id=${s.sections.sevenA.id}`))).toEqual(['Ananya']);
    const q1 = await list(h, '?instalment=Q1');
    expect(q1.items.map((i) => [i.student_name, i.overdue_paise])).toEqual([
      ['Kabir Shaikh', 250000],
      ['Riya Iyer', 100000],
    ]);
    expect(names(await list(h, '?min_paise=400000'))).toEqual(['Kabir']);
    expect(names(await list(h, '?age=90%2B'))).toEqual(['Kabir']);
    expect(names(await list(h, '?age=31-60'))).toEqual(['Ananya']);
    expect(names(await list(h, '?search=kab'))).toEqual(['Kabir']);
    expect(names(await list(h, '?sort=name&order=asc'))).toEqual(['Ananya', 'Kabir', 'Riya']);
    expect(names(await list(h, '?sort=age&order=asc'))).toEqual(['Riya', 'Ananya', 'Kabir']);
    const second = await list(h, '?limit=1&page=2');
    expect([names(second), second.pagination.total]).toEqual([['Ananya'], 3]);
    const past = await list(h, '?limit=2&page=5');
    expect([past.items, past.pagination.total, past.totals.overdue_paise]).toEqual([[], 3, 1050000]);
    expect((await send('GET', h, '/api/fees/defaulters?min_paise=-1')).statusCode).toBe(400);
  });

  it('exports the same filters as CSV and Excel', async () => {
    const s = await school();
    const csv = await send(
      'GET',
      s.admin.headers,
      `/api/fees/defaulters/export?class_id=${s.classes.seven.id}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="dues.csv"');
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFAdmission No,Student,Class,Instalments,Oldest due on,Days overdue,Age (days),Overdue (₹)',
      `2026/002,Kabir Shaikh,VII-B,"Q1, Q2",${daysAgo(100)},100,90+,6000`,
      `2026/001,Ananya Deshpande,VII-A,Q2,${daysAgo(45)},45,31-60,3500`,
      '',
    ]);
    const xlsx = await send('GET', s.admin.headers, '/api/fees/defaulters/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for fees:read only, and another institute sees none of it', async () => {
    const s = await school();
    const other = await makeSchool(t.app, 'Other');
    for (const who of [s.parent, s.teacher, s.student])
      expect((await send('GET', who.headers, '/api/fees/defaulters')).statusCode).toBe(403);
    expect((await send('GET', s.parent.headers, `/api/fees/collection?on=${today}`)).statusCode).toBe(403);
    const theirs = await list(other.admin.headers, `?class_id=${s.classes.seven.id}`);
    expect([theirs.items, theirs.totals.students]).toEqual([[], 0]);
    expect((await list(other.admin.headers)).totals.overdue_paise).toBe(0);
  });
});

describe("the day's collection", () => {
  it('totals by mode and by head, and shows the cancelled receipt apart', async () => {
    const s = await school();
    const res = await send('GET', s.admin.headers, `/api/fees/collection?on=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      on: today,
      receipts: 2,
      total_paise: 450000,
      by_mode: [
        { mode: 'cash', receipts: 1, paise: 350000 },
        { mode: 'upi', receipts: 1, paise: 100000 },
      ],
      by_head: [
        { head_name: 'Bus Fee', head_code: 'BUS', paise: 100000 },
        { head_name: 'Tuition Fee', head_code: 'TUI', paise: 350000 },
      ],
      cancelled: [
        {
          id: s.cancelled.id,
          receipt_no: s.cancelled.receipt_no,
          student_name: 'Riya Iyer',
          amount_paise: 20000,
          mode: 'cash',
          reason: 'Wrong pupil',
        },
      ],
    });
    const empty = (await send('GET', s.admin.headers, `/api/fees/collection?on=${daysAgo(1)}`)).json().data;
    expect([empty.receipts, empty.total_paise, empty.by_mode, empty.by_head, empty.cancelled]).toEqual([
      0,
      0,
      [],
      [],
      [],
    ]);
  });
});

describe('fee figures for parents and dashboards', () => {
  it("answers a parent their own children's dues only; a student their own", async () => {
    const s = await school();
    const mine = await send('GET', s.parent.headers, '/api/fees/mine');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual({
      items: [
        {
          student_id: s.students.child.id,
          student_name: 'Ananya Deshpande',
          class_label: 'VII-A',
          due_paise: 350000,
          upcoming_paise: 300000,
        },
      ],
      due_paise: 350000,
    });
    expect((await send('GET', s.student.headers, '/api/fees/mine')).json().data.due_paise).toBe(350000);
    expect((await send('GET', s.teacher.headers, '/api/fees/mine')).statusCode).toBe(403);
  });

  it("shows the admin today's collection and what is outstanding; the director each institute's", async () => {
    const s = await school();
    const other = await makeSchool(t.app, 'Other');
    await pay(other.admin.headers, other.students.child.id, 100);
    const dash = await send('GET', s.admin.headers, '/api/dashboard/admin');
    expect(dash.statusCode).toBe(200);
    expect(dash.json().data.fees).toEqual({
      today_paise: 450000,
      today_receipts: 2,
      outstanding_paise: 1050000,
    });

    const director = await person(t.app, t.database.db, 'director', s.institute);
    await createGroupAs(t.app, director);
    const fees = await send('GET', director.headers, '/api/dashboard/director/fees');
    expect(fees.statusCode).toBe(200);
    expect(fees.json().data.items).toEqual([
      {
        institute_id: s.institute.id,
        institute_name: s.institute.name,
        today_paise: 450000,
        today_receipts: 2,
        outstanding_paise: 1050000,
      },
    ]);
    expect((await send('GET', s.admin.headers, '/api/dashboard/director/fees')).statusCode).toBe(403);
  });
});
