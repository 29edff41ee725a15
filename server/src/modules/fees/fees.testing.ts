import type { JobSet } from '@schooliko/common/permissions';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { memberships } from '../../platform/auth';
import { as, makeUser, tokenFor } from '../../testing/factories';
import { makeSchool } from '../../testing/people';
import type { TestApp } from '../../testing/test-app';

type Headers = Record<string, string>;

/** The fees tests' helpers: a school with heads, a class VII structure of two instalments, billed. */
export function feesKit(app: () => TestApp) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', headers: Headers, url: string, payload?: object) =>
    app().app.inject({ method, url, headers, payload });

  async function addHead(
    headers: Headers,
    code: string,
    name: string,
    category = 'tuition',
    extra: object = {},
  ) {
    const res = await send('POST', headers, '/api/fees/heads', { code, name, category, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string };
  }

  /**
   * Class VII: Tuition ₹5,000 + ₹5,000 (April, July), Annual ₹2,000 in April only; billed to its
   * two pupils (Ananya in VII-A, Kabir in VII-B).
   */
  /**
   * A waiver takes two people (issue 27): the school's director approves what its admin proposes
   * (a concession rule, its amount, its named students, an ad-hoc concession).
   */
  async function directorOf(s: { institute: { id: string; domain: string } }) {
    return staffMember(s, 'director', 'Test director');
  }

  /** A teacher whose job set is the accounts office (fees:configure, not fees:approve). */
  async function accountantOf(s: { institute: { id: string; domain: string } }) {
    return staffMember(s, 'teacher', 'Test accountant', ['accountant']);
  }

  async function staffMember(
    s: { institute: { id: string; domain: string } },
    role: 'director' | 'teacher',
    firstName: string,
    jobSets: JobSet[] = [],
  ) {
    const db = app().database.db;
    const user = await makeUser(db, { institute: s.institute, roles: [role], firstName });
    if (jobSets.length) await db.update(memberships).set({ jobSets }).where(eq(memberships.userId, user.id));
    return { id: user.id, headers: as(s.institute, await tokenFor(app().app, user, s.institute, role)) };
  }

  async function billedSchool() {
    const s = await makeSchool(app().app);
    const tuition = await addHead(s.admin.headers, 'TUI', 'Tuition Fee', 'tuition', { counts_80c: true });
    const annual = await addHead(s.admin.headers, 'ANN', 'Annual Charges', 'annual');
    const res = await send('POST', s.admin.headers, '/api/fees/structures', {
      academic_year_id: s.year.id,
      class_id: s.classes.seven.id,
      plan: 'term',
      instalments: [
        { label: 'Term 1', due_on: '2026-04-10' },
        { label: 'Term 2', due_on: '2026-07-10' },
      ],
      lines: [
        { head_id: tuition.id, amounts_paise: [500000, 500000] },
        { head_id: annual.id, amounts_paise: [200000, 0] },
      ],
    });
    expect(res.statusCode).toBe(201);
    const structure = res.json().data as { id: string; total_paise: number };
    await generate(s.admin.headers, [structure.id]);
    return { ...s, heads: { tuition, annual }, structure, director: await directorOf(s) };
  }

  /** The director approves what of a rule waits (the rule, its amount, its named students). */
  async function approveRule(s: { director: { headers: Headers } }, ruleId: string) {
    const res = await send('POST', s.director.headers, `/api/fees/concessions/rules/${ruleId}/review`, {
      decision: 'approved',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; applied_paise: number; students: number; approval: string };
  }

  async function generate(headers: Headers, ids: string[]) {
    const res = await send('POST', headers, '/api/fees/generate', { structure_ids: ids });
    expect(res.statusCode).toBe(202);
    await app().app.jobs.drain();
    const job = await send('GET', headers, `/api/jobs/${res.json().data.job_id}`);
    expect(job.json().data.status).toBe('done');
    return job.json().data.result as { dues_created: number; students: number };
  }

  async function dues(headers: Headers, studentId: string) {
    const res = await send('GET', headers, `/api/fees/dues?student_id=${studentId}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      items: {
        head_code: string;
        instalment: string;
        due_on: string;
        amount_paise: number;
        paid_paise: number;
        balance_paise: number;
        concession_paise: number;
        fine_paise: number;
        status: string;
      }[];
      total_due_paise: number;
      total_fine_paise: number;
      advance_paise: number;
    };
  }

  async function pay(headers: Headers, studentId: string, amount: number, mode = 'cash', reference = '') {
    const res = await send('POST', headers, '/api/fees/payments', {
      student_id: studentId,
      amount_paise: amount,
      mode,
      reference,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; receipt_no: string };
  }

  return { send, addHead, billedSchool, accountantOf, approveRule, generate, dues, pay };
}
