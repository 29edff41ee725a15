import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.table';
import { jobs } from '../../platform/jobs/jobs.table';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { academicYears, sections } from '../classes/classes.table';
import { enrolments } from '../students/enrolments.table';
import { students } from '../students/students.table';

const t = useTestApp();

type School = Awaited<ReturnType<typeof makeSchool>>;

async function call(headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json() };
}

/** The school's next session, 2027-28, made through the API. */
async function nextYear(s: School): Promise<string> {
  const res = await call(s.admin.headers, 'POST', '/api/academic-years', {
    name: '2027-28',
    starts_on: '2027-04-01',
    ends_on: '2028-03-31',
  });
  expect(res.status).toBe(201);
  expect(res.body.data.is_current).toBe(false);
  return res.body.data.id;
}

/** Everything a promotion may write, to show a preview wrote none of it. */
async function footprint(s: School) {
  const db = t.app.database.db;
  const i = s.institute.id;
  const n = async (
    table: typeof students | typeof sections | typeof enrolments | typeof auditLog | typeof jobs,
  ) => (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.instituteId, i)))[0]?.n;
  const pupils = await db
    .select({ id: students.id, status: students.status, sectionId: students.sectionId })
    .from(students)
    .where(eq(students.instituteId, i));
  return {
    pupils: pupils.sort((a, b) => a.id.localeCompare(b.id)),
    sections: await n(sections),
    enrolments: await n(enrolments),
    audit: await n(auditLog),
    jobs: await n(jobs),
  };
}

async function outcomes(s: School, yearId: string) {
  const rows = await t.app.database.db
    .select({ studentId: enrolments.studentId, sectionId: enrolments.sectionId, outcome: enrolments.outcome })
    .from(enrolments)
    .where(and(eq(enrolments.instituteId, s.institute.id), eq(enrolments.academicYearId, yearId)));
  return Object.fromEntries(rows.map((r) => [r.studentId, { sectionId: r.sectionId, outcome: r.outcome }]));
}

describe('promotion', () => {
  it('previews per section, writing nothing', async () => {
    const s = await makeSchool(t.app);
    const to = await nextYear(s);
    const before = await footprint(s);
    const res = await call(s.admin.headers, 'POST', '/api/promotions/preview', {
      from_year_id: s.year.id,
      to_year_id: to,
      detained_ids: [s.students.other.id],
    });
    expect(res.status).toBe(200);
    const plan = res.body.data;
    expect(plan.from_year.name).toBe('2026-27');
    expect(plan.to_year.name).toBe('2027-28');
    expect(
      plan.sections.map((r: Record<string, unknown>) => [
        r.label,
        r.students,
        r.promoted,
        r.detained,
        r.passed_out,
        r.to_label,
        r.creates,
      ]),
    ).toEqual([
      ['VII-A', 1, 1, 0, 0, 'VIII-A', true],
      ['VII-B', 1, 0, 1, 0, 'VIII-B', false],
      ['VIII-A', 1, 0, 0, 1, null, false],
    ]);
    expect(plan.totals).toEqual({ students: 3, promoted: 1, detained: 1, passed_out: 1 });
    expect(plan.targets).toEqual([
      { label: 'VII-B', section_id: null, capacity: 2, already: 0, incoming: 1 },
      { label: 'VIII-A', section_id: null, capacity: 40, already: 0, incoming: 1 },
    ]);
    expect(plan.conflicts).toEqual([]);
    expect(await footprint(s)).toEqual(before);
  });

  it('runs as a job: moves the class up, keeps the detained, passes out the last class, and keeps the year', async () => {
    const s = await makeSchool(t.app);
    const to = await nextYear(s);
    const run = await call(s.admin.headers, 'POST', '/api/promotions', {
      from_year_id: s.year.id,
      to_year_id: to,
      detained_ids: [s.students.other.id],
      set_current: true,
    });
    expect(run.status).toBe(202);
    const jobId = run.body.data.job_id;
    await t.app.jobs.drain();
    const job = await call(s.admin.headers, 'GET', `/api/jobs/${jobId}`);
    expect(job.body.data).toMatchObject({
      status: 'done',
      progress: { done: 3, total: 3 },
      result: { total: 3, promoted: 1, detained: 1, passed_out: 1, made_current: true },
    });

    const db = t.app.database.db;
    const made = await db
      .select()
      .from(sections)
      .where(and(eq(sections.instituteId, s.institute.id), eq(sections.academicYearId, to)));
    const label = (id: string) => {
      const sec = made.find((m) => m.id === id);
      return sec && `${sec.classId === s.classes.seven.id ? 'VII' : 'VIII'}-${sec.name}`;
    };
    expect(made.map((m) => label(m.id)).sort()).toEqual(['VII-B', 'VIII-A']);

    const pupil = async (id: string) =>
      (await call(s.admin.headers, 'GET', `/api/students/${id}`)).body.data as Record<string, unknown>;
    const child = await pupil(s.students.child.id);
    expect([child.status, label(child.section_id as string)]).toEqual(['promoted', 'VIII-A']);
    const other = await pupil(s.students.other.id);
    expect([other.status, label(other.section_id as string)]).toEqual(['detained', 'VII-B']);
    const older = await pupil(s.students.older.id);
    expect([older.status, older.section_id]).toEqual(['passed_out', s.sections.eightA.id]);

    // Enrolments: the closed year keeps each pupil's section and outcome; the new one where they sit.
    expect(await outcomes(s, s.year.id)).toEqual({
      [s.students.child.id]: { sectionId: s.sections.sevenA.id, outcome: 'promoted' },
      [s.students.other.id]: { sectionId: s.sections.sevenB.id, outcome: 'detained' },
      [s.students.older.id]: { sectionId: s.sections.eightA.id, outcome: 'passed_out' },
    });
    const ahead = await outcomes(s, to);
    expect(Object.keys(ahead).sort()).toEqual([s.students.child.id, s.students.other.id].sort());
    expect(ahead[s.students.child.id]).toEqual({ sectionId: child.section_id, outcome: null });

    // The audit trail of each pupil has the move, by whom, before and after.
    const history = await call(s.admin.headers, 'GET', `/api/students/${s.students.child.id}/history`);
    expect(history.body.data.items[0]).toMatchObject({
      action: 'status:promoted',
      before: { status: 'enrolled', sectionId: s.sections.sevenA.id },
      after: { status: 'promoted', sectionId: child.section_id },
    });

    // The past year's class list still answers, as of that year; today's shows the new sections.
    const past = await call(s.admin.headers, 'GET', `/api/students?academic_year_id=${s.year.id}&sort=name`);
    expect(
      past.body.data.items.map((x: Record<string, unknown>) => [x.first_name, x.section_name, x.outcome]),
    ).toEqual([
      ['Ananya', 'VII-A', 'promoted'],
      ['Kabir', 'VII-B', 'detained'],
      ['Riya', 'VIII-A', 'passed_out'],
    ]);
    const pastSection = await call(
      s.admin.headers,
      'GET',
      `/api/students?academic_year_id=${s.year.id}&section_id=${s.sections.sevenA.id}`,
    );
    expect(pastSection.body.data.items.map((x: { first_name: string }) => x.first_name)).toEqual(['Ananya']);
    const now = await call(s.admin.headers, 'GET', `/api/students?academic_year_id=${to}&sort=name`);
    expect(
      now.body.data.items.map((x: Record<string, unknown>) => [x.first_name, x.section_name, x.outcome]),
    ).toEqual([
      ['Ananya', 'VIII-A', null],
      ['Kabir', 'VII-B', null],
    ]);
    const current = await call(s.admin.headers, 'GET', '/api/academic-years/current');
    expect(current.body.data.id).toBe(to);
  });

  it('never promotes twice: a re-run job and a second run change nothing', async () => {
    const s = await makeSchool(t.app);
    const to = await nextYear(s);
    const body = { from_year_id: s.year.id, to_year_id: to };
    const run = await call(s.admin.headers, 'POST', '/api/promotions', body);
    await t.app.jobs.drain();
    const after = await footprint(s);
    // The same job again (as a retry after a lost lease would run it).
    const db = t.app.database.db;
    await db
      .update(jobs)
      .set({ status: 'queued', runAt: sql`now()` })
      .where(and(eq(jobs.instituteId, s.institute.id), eq(jobs.id, run.body.data.job_id)));
    await t.app.jobs.drain();
    expect(await footprint(s)).toEqual(after);
    const job = await call(s.admin.headers, 'GET', `/api/jobs/${run.body.data.job_id}`);
    expect(job.body.data.result).toMatchObject({ total: 3, promoted: 2, detained: 0, passed_out: 1 });
    // A second promotion of the same year finds nobody left on its rolls.
    const again = await call(s.admin.headers, 'POST', '/api/promotions', body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('promotions.nothingToPromote');
    const pupil = await call(s.admin.headers, 'GET', `/api/students/${s.students.child.id}`);
    expect(pupil.body.data.section_name).toBe('VIII-A');
  });

  it('reports a full or missing target section as a conflict and refuses to run', async () => {
    const s = await makeSchool(t.app);
    const to = await nextYear(s);
    const small = await call(s.admin.headers, 'POST', '/api/sections', {
      class_id: s.classes.eight.id,
      academic_year_id: to,
      name: 'A',
      capacity: 1,
    });
    expect(small.status).toBe(201);
    const body = {
      from_year_id: s.year.id,
      to_year_id: to,
      mapping: [{ from_section_id: s.sections.sevenB.id, to_section_id: small.body.data.id }],
    };
    const preview = await call(s.admin.headers, 'POST', '/api/promotions/preview', body);
    expect(preview.body.data.conflicts).toEqual([
      {
        code: 'promotions.targetFull',
        message: 'Section VIII-A would have 2 students for 1 seats',
        params: { label: 'VIII-A', capacity: 1, count: 2 },
        section: 'VIII-A',
      },
    ]);
    const refused = await call(s.admin.headers, 'POST', '/api/promotions', body);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('promotions.conflicts');

    const strict = await call(s.admin.headers, 'POST', '/api/promotions/preview', {
      from_year_id: s.year.id,
      to_year_id: to,
      detained_ids: [s.students.older.id],
      create_sections: false,
    });
    // VII-B has nowhere to go; Riya, detained in VIII, would overfill the one-seat VIII-A.
    expect(strict.body.data.conflicts.map((c: { message: string }) => c.message)).toEqual([
      'There is no section VIII-B in the year to promote into',
      'Section VIII-A would have 2 students for 1 seats',
    ]);
    expect((await footprint(s)).jobs).toBe(0);
  });

  it('checks its input, and keeps to the admin of the institute', async () => {
    const s = await makeSchool(t.app);
    const to = await nextYear(s);
    const body = { from_year_id: s.year.id, to_year_id: to };
    expect((await call(s.teacher.headers, 'POST', '/api/promotions/preview', body)).status).toBe(403);
    expect((await call(s.teacher.headers, 'POST', '/api/promotions', body)).status).toBe(403);
    expect((await call(s.parent.headers, 'POST', '/api/promotions', body)).status).toBe(403);

    const same = await call(s.admin.headers, 'POST', '/api/promotions/preview', {
      ...body,
      to_year_id: s.year.id,
    });
    expect(same.status).toBe(400);
    expect(same.body.codes.to_year_id.code).toBe('promotions.sameYear');
    const backwards = await call(s.admin.headers, 'POST', '/api/promotions/preview', {
      from_year_id: to,
      to_year_id: s.year.id,
    });
    expect([backwards.status, backwards.body.code]).toEqual([400, 'promotions.targetNotLater']);
    const stranger = await call(s.admin.headers, 'POST', '/api/promotions/preview', {
      ...body,
      detained_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect([stranger.status, stranger.body.code]).toEqual([400, 'promotions.detainedNotOnRolls']);

    // Another institute's admin reaches none of it: its years are not found.
    const other = await makeSchool(t.app, 'Other');
    const foreign = await call(other.admin.headers, 'POST', '/api/promotions', body);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'classes.yearNotFound']);
    const year = await t.app.database.db
      .select({ current: academicYears.isCurrent })
      .from(academicYears)
      .where(eq(academicYears.id, s.year.id));
    expect(year).toEqual([{ current: true }]);
  });

  it("enrols an added student in their section's year, and follows a move within the year", async () => {
    const s = await makeSchool(t.app);
    const added = await call(s.admin.headers, 'POST', '/api/students', {
      admission_no: '2026/090',
      first_name: 'Vihaan',
      last_name: 'Patil',
      date_of_birth: '2015-02-11',
      gender: 'male',
      section_id: s.sections.sevenA.id,
      roll_no: '7',
    });
    expect(added.status).toBe(201);
    const id = added.body.data.id;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${id}`,
      headers: s.admin.headers,
      payload: { section_id: s.sections.eightA.id },
    });
    expect(moved.statusCode).toBe(200);
    expect((await outcomes(s, s.year.id))[id]).toEqual({ sectionId: s.sections.eightA.id, outcome: null });
    const list = await call(
      s.admin.headers,
      'GET',
      `/api/students?academic_year_id=${s.year.id}&search=vihaan`,
    );
    expect(
      list.body.data.items.map((x: Record<string, unknown>) => [x.section_name, x.roll_no, x.outcome]),
    ).toEqual([['VIII-A', '7', null]]);
  });
});
