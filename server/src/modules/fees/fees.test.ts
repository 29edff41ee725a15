import { describe, expect, it } from 'vitest';
import { makeSchool } from '../../testing/people';
import { useTestApp } from '../../testing/test-app';
import { feesKit } from './fees.testing';

const t = useTestApp();

const { send, addHead, billedSchool, generate, dues, pay } = feesKit(() => t);

describe('fee heads', () => {
  it('adds, lists and changes heads; a code is unique; only configurers may write', async () => {
    const s = await makeSchool(t.app);
    const head = await addHead(s.admin.headers, 'TUI', 'Tuition Fee', 'tuition', { counts_80c: true });
    const dup = await send('POST', s.admin.headers, '/api/fees/heads', {
      code: 'TUI',
      name: 'Other',
      category: 'misc',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'fees.headCodeTaken',
      errors: { code: 'A fee type with this code already exists' },
    });
    const bad = await send('POST', s.admin.headers, '/api/fees/heads', {
      code: 'tu i',
      name: 'X',
      category: 'misc',
    });
    expect(bad.statusCode).toBe(400);
    const changed = await send('PUT', s.admin.headers, `/api/fees/heads/${head.id}`, {
      code: 'TUI',
      name: 'Tuition',
      category: 'tuition',
      counts_80c: true,
      refundable: false,
    });
    expect(changed.statusCode).toBe(200);
    const list = (await send('GET', s.admin.headers, '/api/fees/heads')).json().data.items;
    expect(list).toEqual([
      {
        id: head.id,
        name: 'Tuition',
        code: 'TUI',
        category: 'tuition',
        counts_80c: true,
        refundable: false,
        active: true,
        in_use: false,
      },
    ]);
    expect(
      (await send('POST', s.teacher.headers, '/api/fees/heads', { code: 'X', name: 'X', category: 'misc' }))
        .statusCode,
    ).toBe(403);
    expect((await send('GET', s.parent.headers, '/api/fees/heads')).statusCode).toBe(403);
    const other = await makeSchool(t.app, 'Other');
    expect(
      (
        await send('PUT', other.admin.headers, `/api/fees/heads/${head.id}`, {
          code: 'Z',
          name: 'Z',
          category: 'misc',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('structures and dues', () => {
  it('generates each due once per student, head and instalment, however often it runs', async () => {
    const s = await billedSchool();
    const child = await dues(s.admin.headers, s.students.child.id);
    expect(child.items.map((d) => [d.instalment, d.head_code, d.amount_paise, d.status])).toEqual([
      ['Term 1', 'ANN', 200000, 'due'],
      ['Term 1', 'TUI', 500000, 'due'],
      ['Term 2', 'TUI', 500000, 'due'],
    ]);
    expect(child.total_due_paise).toBe(1200000);
    // Kabir (VII-B) too; Riya (VIII) has no structure.
    expect((await dues(s.admin.headers, s.students.other.id)).total_due_paise).toBe(1200000);
    expect((await dues(s.admin.headers, s.students.older.id)).items).toEqual([]);
    // Again: nothing new.
    expect(await generate(s.admin.headers, [s.structure.id])).toEqual({ dues_created: 0, students: 2 });
    expect((await dues(s.admin.headers, s.students.child.id)).items).toHaveLength(3);
    const structure = (await send('GET', s.admin.headers, `/api/fees/structures/${s.structure.id}`)).json()
      .data;
    expect(structure).toMatchObject({ class_name: 'VII', total_paise: 1200000, students_billed: 2 });
    // The same class, year and category again: 409.
    const again = await send('POST', s.admin.headers, '/api/fees/structures', {
      academic_year_id: s.year.id,
      class_id: s.classes.seven.id,
      plan: 'annual',
      instalments: [{ label: 'Year', due_on: '2026-04-10' }],
      lines: [{ head_id: s.heads.tuition.id, amounts_paise: [100] }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('fees.structureExists');
  });

  it('refuses a structure whose amounts do not match its instalments, or without any amount', async () => {
    const s = await makeSchool(t.app);
    const head = await addHead(s.admin.headers, 'TUI', 'Tuition Fee');
    const base = { academic_year_id: s.year.id, class_id: s.classes.seven.id, plan: 'term' };
    const two = [
      { label: 'Term 1', due_on: '2026-04-10' },
      { label: 'Term 2', due_on: '2026-07-10' },
    ];
    const short = await send('POST', s.admin.headers, '/api/fees/structures', {
      ...base,
      instalments: two,
      lines: [{ head_id: head.id, amounts_paise: [100] }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toMatchObject({ 'lines.0': 'Give one amount for each instalment' });
    const zero = await send('POST', s.admin.headers, '/api/fees/structures', {
      ...base,
      instalments: two,
      lines: [{ head_id: head.id, amounts_paise: [0, 0] }],
    });
    expect(zero.json().errors).toMatchObject({ lines: 'Add at least one fee type with an amount' });
    const reversed = await send('POST', s.admin.headers, '/api/fees/structures', {
      ...base,
      instalments: [two[1], two[0]],
      lines: [{ head_id: head.id, amounts_paise: [1, 1] }],
    });
    expect(reversed.json().errors).toMatchObject({
      'instalments.1.due_on': 'Instalment due dates must be in order',
    });
  });

  it('bills a pupil admitted during the year from the instalment in which they joined (issue 32)', async () => {
    const s = await billedSchool();
    const admit = async (admission_no: string, admitted_on: string) => {
      const added = await send('POST', s.admin.headers, '/api/students', {
        admission_no,
        first_name: 'Ishaan',
        last_name: 'Kulkarni',
        date_of_birth: '2014-01-02',
        gender: 'male',
        section_id: s.sections.sevenA.id,
        admitted_on,
      });
      expect(added.statusCode, added.body).toBe(201);
      const { items } = await dues(s.admin.headers, added.json().data.id);
      return items.map((d) => [d.head_code, d.instalment, d.due_on, d.amount_paise]);
    };
    // Joined in August, after Term 2 fell due (10 July): Term 2 only, due the day they came; no
    // Term 1, and nothing overdue for days before they were a pupil.
    expect(await admit('2026/011', '2026-08-20')).toEqual([['TUI', 'Term 2', '2026-08-20', 500000]]);
    const late = (await send('GET', s.admin.headers, '/api/students?search=2026/011')).json().data.items[0]
      .id;

    // The office may still bill Term 1, with a reason kept in the pupil's audit log; due on the
    // day they joined, so no fine for the days before.
    const earlier = `/api/fees/students/${late}/earlier-instalments`;
    const left = await send('GET', s.admin.headers, earlier);
    expect(left.json().data).toEqual({ instalments: ['Term 1'], amount_paise: 700000 });
    expect((await send('POST', s.teacher.headers, earlier, { reason: 'Joined late' })).statusCode).toBe(403);
    const bare = await send('POST', s.admin.headers, earlier, { reason: '' });
    expect([bare.statusCode, bare.json().codes.reason.code]).toEqual([400, 'fees.earlierReasonRequired']);
    const billed = await send('POST', s.admin.headers, earlier, {
      reason: 'Transferred with fees owed for Term 1',
    });
    expect(billed.json()).toMatchObject({
      message: 'Earlier instalments billed',
      data: { instalments: [], amount_paise: 0 },
    });
    const after = (await dues(s.admin.headers, late)).items.map((d) => [d.head_code, d.instalment, d.due_on]);
    expect(after).toEqual([
      ['ANN', 'Term 1', '2026-08-20'],
      ['TUI', 'Term 1', '2026-08-20'],
      ['TUI', 'Term 2', '2026-08-20'],
    ]);
    const again = await send('POST', s.admin.headers, earlier, { reason: 'Once more' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'fees.nothingEarlier']);
    const history = (await send('GET', s.admin.headers, `/api/students/${late}/history`)).json().data.items;
    expect(history[0]).toMatchObject({
      action: 'bill-earlier-instalments',
      after: { instalments: ['Term 1'], reason: 'Transferred with fees owed for Term 1' },
    });
    // Joined in May, during Term 1: the whole year, Term 1 due on the day they joined.
    expect(await admit('2026/012', '2026-05-02')).toEqual([
      ['ANN', 'Term 1', '2026-05-02', 200000],
      ['TUI', 'Term 1', '2026-05-02', 500000],
      ['TUI', 'Term 2', '2026-07-10', 500000],
    ]);
  });

  it('bills a student who joins the class, and cancels unpaid dues when they move class', async () => {
    const s = await billedSchool();
    const added = await send('POST', s.admin.headers, '/api/students', {
      admission_no: '2026/010',
      first_name: 'Ishaan',
      last_name: 'Kulkarni',
      date_of_birth: '2014-01-02',
      gender: 'male',
      section_id: s.sections.sevenA.id,
      admitted_on: '2026-04-01',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id;
    expect((await dues(s.admin.headers, id)).total_due_paise).toBe(1200000);
    await pay(s.admin.headers, id, 200000);
    const moved = await send('PATCH', s.admin.headers, `/api/students/${id}`, {
      section_id: s.sections.eightA.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The paid Annual due stays; the unpaid tuition of class VII is cancelled.
    const after = await dues(s.admin.headers, id);
    expect(after.items.map((d) => [d.head_code, d.status])).toEqual([['ANN', 'paid']]);
    expect(after.total_due_paise).toBe(0);
  });
});
