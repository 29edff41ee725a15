import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inInstitute } from '../../kit/scope';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { admissionEnquiries } from '../admissions/admissions.table';
import { sampleContent } from '../website/website.test-helpers';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PATCH', headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const walkIn = {
  source: 'walk_in',
  student_name: 'Ishaan Kulkarni',
  date_of_birth: '2020-03-14',
  gender: 'male',
  class_sought: 'Class 1',
  parent_name: 'Pooja Kulkarni',
  phone: '98220 12345',
  email: 'pooja.k@example.com',
};

async function schoolWithWebsiteEnquiry() {
  const s = await makeSchool(t.app);
  const content = sampleContent();
  const published = await send('POST', s.admin.headers, '/api/website/publish', {
    ...content,
    features: { ...content.features, online_admission: true },
  });
  expect(published.statusCode, published.body).toBe(200);
  const web = await t.app.inject({
    method: 'POST',
    url: '/api/public/admissions',
    headers: { host: s.institute.domain },
    payload: {
      student_name: 'Aarav Patil',
      class_sought: 'Class 5',
      parent_name: 'Sneha Patil',
      phone: '9876543210',
      email: 'sneha@example.com',
      message: 'Is there a school bus from Kothrud?',
    },
  });
  expect(web.statusCode, web.body).toBe(201);
  return { s, webId: web.json().data.id as string };
}

describe('admission enquiries', () => {
  it('lists the public site’s enquiries with the desk’s, newest first', async () => {
    const { s, webId } = await schoolWithWebsiteEnquiry();
    const desk = await send('POST', s.admin.headers, '/api/admission-enquiries', walkIn);
    expect(desk.statusCode, desk.body).toBe(201);
    expect(desk.json().data).toMatchObject({ source: 'walk_in', state: 'new', phone: '9822012345' });
    const list = await send('GET', s.admin.headers, '/api/admission-enquiries');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json().data;
    expect(body.pagination.total).toBe(2);
    expect(
      body.items.map((i: { student_name: string; source: string }) => [i.student_name, i.source]),
    ).toEqual([
      ['Ishaan Kulkarni', 'walk_in'],
      ['Aarav Patil', 'website'],
    ]);
    expect(body.items[1].id).toBe(webId);
    const web = await send('GET', s.admin.headers, '/api/admission-enquiries?source=website');
    expect(web.json().data.items.map((i: { id: string }) => i.id)).toEqual([webId]);
  });

  it("searches any fragment of the names or phone through the trigram index, never another institute's", async () => {
    const a = await makeSchool(t.app, 'A');
    const b = await makeSchool(t.app, 'B');
    const made: Record<string, string> = {};
    for (const s of [a, b]) {
      const res = await send('POST', s.admin.headers, '/api/admission-enquiries', walkIn);
      made[s.institute.id] = res.json().data.id;
      await send('POST', s.admin.headers, '/api/admission-enquiries', {
        ...walkIn,
        student_name: 'Meher Shah',
        parent_name: 'Rohan Shah',
        phone: '9011122233',
      });
    }
    for (const s of [a, b])
      for (const term of ['ishaan', 'KULKARNI', 'an kul', 'pooja', '12345'])
        expect(
          (await send('GET', s.admin.headers, `/api/admission-enquiries?search=${encodeURIComponent(term)}`))
            .json()
            .data.items.map((x: { id: string }) => x.id),
        ).toEqual([made[s.institute.id]]);
    // The function answers for the transaction's institute only, and for none without one.
    const db = t.app.database.db;
    const matching = async (tx: typeof db) =>
      (
        (await tx.execute(sql`select admission_enquiries_matching('%kulkarni%') as id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows.map((r) => r.id);
    expect(await inInstitute(db, a.institute.id, matching)).toEqual([made[a.institute.id]]);
    expect(
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'app_user', true)`);
        return matching(tx as unknown as typeof db);
      }),
    ).toEqual([]);
  });

  it('exports the filtered enquiries as CSV, one row each, formulas neutralised', async () => {
    const { s } = await schoolWithWebsiteEnquiry();
    await send('POST', s.admin.headers, '/api/admission-enquiries', {
      ...walkIn,
      parent_name: '=HYPERLINK("x")',
    });
    const all = await send('GET', s.admin.headers, '/api/admission-enquiries/export?format=csv');
    expect(all.statusCode, all.body).toBe(200);
    const lines = all.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Received,Source,Student,Class sought,Parent,Mobile,Email,Stage,Counsellor,Next follow-up',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Ishaan Kulkarni');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const web = await send(
      'GET',
      s.admin.headers,
      '/api/admission-enquiries/export?format=csv&source=website',
    );
    expect(
      web.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1),
    ).toEqual([expect.stringContaining('Aarav Patil')]);
  });

  it('refuses a phone that is not 10 digits, with its code', async () => {
    const s = await makeSchool(t.app);
    const res = await send('POST', s.admin.headers, '/api/admission-enquiries', {
      ...walkIn,
      phone: '98765',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().codes?.phone ?? res.json().code).toMatchObject({ code: 'enquiries.phoneInvalid' });
  });

  it('follows up (new becomes contacted), moves by the state machine and refuses an illegal move', async () => {
    const { s, webId } = await schoolWithWebsiteEnquiry();
    const f = await send('POST', s.admin.headers, `/api/admission-enquiries/${webId}/follow-ups`, {
      on: '2026-06-02',
      mode: 'call',
      outcome: 'Parent will visit on Saturday',
      next_on: '2026-06-06',
    });
    expect(f.statusCode, f.body).toBe(201);
    expect(f.json().data).toMatchObject({ state: 'contacted', next_follow_up_on: '2026-06-06' });
    expect(f.json().data.follow_ups).toHaveLength(1);
    expect(f.json().data.follow_ups[0]).toMatchObject({
      mode: 'call',
      outcome: 'Parent will visit on Saturday',
    });
    const visit = await send('POST', s.admin.headers, `/api/admission-enquiries/${webId}/state`, {
      state: 'visit_scheduled',
    });
    expect(visit.json().data.state).toBe('visit_scheduled');
    const illegal = await send('POST', s.admin.headers, `/api/admission-enquiries/${webId}/state`, {
      state: 'admitted',
    });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().code).toBe('enquiries.badTransition');
    const lost = await send('POST', s.admin.headers, `/api/admission-enquiries/${webId}/state`, {
      state: 'lost',
    });
    expect(lost.json().data.state).toBe('lost');
    const back = await send('POST', s.admin.headers, `/api/admission-enquiries/${webId}/state`, {
      state: 'applied',
    });
    expect(back.statusCode).toBe(409);

    // Every change is in the enquiry's history, newest first; the refused moves are not.
    const history = await send('GET', s.admin.headers, `/api/admission-enquiries/${webId}/history`);
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json().data.items as {
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    expect(items.map((i) => [i.action, i.before?.stage ?? null, i.after?.stage ?? null])).toEqual([
      ['state', 'visit_scheduled', 'lost'],
      ['state', 'contacted', 'visit_scheduled'],
      ['follow-up', 'new', 'contacted'],
      ['create', null, 'new'],
    ]);
    expect(items[2]?.after).toMatchObject({ next_follow_up_on: '2026-06-06' });
    expect(items[3]?.after).toMatchObject({ student_name: 'Aarav Patil', source: 'website' });
    // The history is the auditors': a receptionist without people:audit is refused.
    const teacher = await send('GET', s.teacher.headers, `/api/admission-enquiries/${webId}/history`);
    expect(teacher.statusCode).toBe(403);
  });

  it('admits an enquiry into a student (in GET /api/students), once: again is a 409 with code', async () => {
    const { s, webId } = await schoolWithWebsiteEnquiry();
    const admit = await send('POST', s.admin.headers, `/api/admission-enquiries/${webId}/admit`, {
      admission_no: '2026/101',
      date_of_birth: '2016-08-09',
      gender: 'male',
      section_id: s.sections.eightA.id,
    });
    expect(admit.statusCode, admit.body).toBe(201);
    const studentId = admit.json().data.student_id as string;
    expect(admit.json().data.enquiry).toMatchObject({ state: 'admitted', student_id: studentId });
    const students = await send('GET', s.admin.headers, '/api/students?search=Aarav');
    expect(
      students
        .json()
        .data.items.map((x: { id: string; first_name: string; last_name: string }) => [
          x.id,
          x.first_name,
          x.last_name,
        ]),
    ).toEqual([[studentId, 'Aarav', 'Patil']]);
    const again = await send('POST', s.admin.headers, `/api/admission-enquiries/${webId}/admit`, {
      admission_no: '2026/102',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('enquiries.alreadyAdmitted');
    const [row] = await t.database.db
      .select()
      .from(admissionEnquiries)
      .where(eq(admissionEnquiries.id, webId));
    expect(row).toMatchObject({ status: 'admitted', studentId });
  });

  it('takes the child’s name, birth date and gender from the enquiry, and needs what it lacks', async () => {
    const s = await makeSchool(t.app);
    const made = await send('POST', s.admin.headers, '/api/admission-enquiries', walkIn);
    const id = made.json().data.id;
    const admit = await send('POST', s.admin.headers, `/api/admission-enquiries/${id}/admit`, {
      admission_no: '2026/103',
    });
    expect(admit.statusCode, admit.body).toBe(201);
    const student = await send('GET', s.admin.headers, `/api/students/${admit.json().data.student_id}`);
    expect(student.json().data).toMatchObject({
      first_name: 'Ishaan',
      last_name: 'Kulkarni',
      date_of_birth: '2020-03-14',
      gender: 'male',
    });
    const second = await send('POST', s.admin.headers, '/api/admission-enquiries', {
      ...walkIn,
      date_of_birth: '',
      gender: '',
    });
    const missing = await send(
      'POST',
      s.admin.headers,
      `/api/admission-enquiries/${second.json().data.id}/admit`,
      {
        admission_no: '2026/104',
      },
    );
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['date_of_birth', 'gender']);
  });

  it('counts the funnel by source and by class', async () => {
    const { s, webId } = await schoolWithWebsiteEnquiry();
    await send('POST', s.admin.headers, '/api/admission-enquiries', walkIn);
    await send('POST', s.admin.headers, `/api/admission-enquiries/${webId}/admit`, {
      admission_no: '2026/105',
      date_of_birth: '2016-08-09',
      gender: 'male',
    });
    const funnel = (await send('GET', s.admin.headers, '/api/admission-enquiries/funnel')).json().data;
    expect(funnel.total).toMatchObject({ total: 2, contacted: 1, applied: 1, admitted: 1, lost: 0 });
    expect(
      funnel.by_source.map((r: { key: string; total: number; admitted: number }) => [
        r.key,
        r.total,
        r.admitted,
      ]),
    ).toEqual([
      ['walk_in', 1, 0],
      ['website', 1, 1],
    ]);
    expect(funnel.by_class.map((r: { key: string }) => r.key)).toEqual(['Class 1', 'Class 5']);
  });

  it('is the reception’s: a teacher and a parent are refused, another institute’s enquiry is a 404', async () => {
    const { s, webId } = await schoolWithWebsiteEnquiry();
    expect((await send('GET', s.teacher.headers, '/api/admission-enquiries')).statusCode).toBe(403);
    expect((await send('GET', s.parent.headers, '/api/admission-enquiries')).statusCode).toBe(403);
    const other = await makeSchool(t.app, 'Other');
    const res = await send('GET', other.admin.headers, `/api/admission-enquiries/${webId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('enquiries.notFound');
    const admit = await send('POST', other.admin.headers, `/api/admission-enquiries/${webId}/admit`, {});
    expect(admit.statusCode).toBe(404);
  });
});
