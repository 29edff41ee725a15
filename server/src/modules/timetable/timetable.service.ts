import {
  type BellScheduleInput,
  DAY_NAMES,
  type Period,
  type Subject,
  type SubjectInput,
  TIMETABLE_MESSAGES,
  type TimetableEntry,
  type TimetableEntryInput,
  type TimetableQuery,
} from '@schooliko/common/academics/timetable';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, asc, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { assertClassesOf, classes, currentYear, sections } from '../classes';
import { staff } from '../staff';
import { joinEntryLabels, sectionLabel } from './timetable.joins';
import {
  bellPeriods,
  type SubjectRow,
  subjects,
  type TimetableEntryRow,
  timetableEntries,
} from './timetable.table';

const toSubject = (row: SubjectRow): Subject => ({
  id: row.id,
  name: row.name,
  code: row.code,
  type: row.type,
  class_ids: row.classIds,
  active: row.active,
});

export async function listSubjects(tx: Db, actor: Actor): Promise<Subject[]> {
  const rows = await tx
    .select()
    .from(subjects)
    .where(eq(subjects.instituteId, actor.institute.id))
    .orderBy(asc(subjects.name), asc(subjects.id));
  return rows.map(toSubject);
}

async function assertCodeFree(tx: Db, actor: Actor, code: string, except?: string) {
  const [taken] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.instituteId, actor.institute.id),
        eq(subjects.code, code),
        except ? ne(subjects.id, except) : undefined,
      ),
    );
  if (taken)
    throw httpError(409, TIMETABLE_MESSAGES.subjectCodeTaken, { code: TIMETABLE_MESSAGES.subjectCodeTaken });
}

export async function saveSubject(tx: Db, actor: Actor, input: SubjectInput, id?: string): Promise<Subject> {
  if (id) {
    const [found] = await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.instituteId, actor.institute.id), eq(subjects.id, id)))
      .for('update');
    if (!found) throw httpError(404, TIMETABLE_MESSAGES.subjectNotFound);
  }
  await assertClassesOf(tx, actor, input.class_ids);
  await assertCodeFree(tx, actor, input.code, id);
  const values = {
    name: input.name,
    code: input.code,
    type: input.type,
    classIds: [...new Set(input.class_ids)],
    active: input.active,
  };
  const [row] = id
    ? await tx
        .update(subjects)
        .set(values)
        .where(and(eq(subjects.instituteId, actor.institute.id), eq(subjects.id, id)))
        .returning()
    : await tx
        .insert(subjects)
        .values({ instituteId: actor.institute.id, ...values })
        .returning();
  if (!row) throw httpError(404, TIMETABLE_MESSAGES.subjectNotFound);
  return toSubject(row);
}

export async function bellSchedule(tx: Db, instituteId: string): Promise<Period[]> {
  const rows = await tx
    .select()
    .from(bellPeriods)
    .where(eq(bellPeriods.instituteId, instituteId))
    .orderBy(asc(bellPeriods.period));
  return rows.map((r) => ({
    period: r.period,
    label: r.label,
    kind: r.kind,
    starts_at: r.startsAt,
    ends_at: r.endsAt,
  }));
}

/**
 * Replaces the bell schedule. A period that keeps timetable entries must stay a lesson: the
 * change is refused (409) rather than leaving lessons in a break or beyond the last bell.
 */
export async function saveBellSchedule(tx: Db, actor: Actor, input: BellScheduleInput): Promise<Period[]> {
  const i = actor.institute.id;
  const lessons = new Set(input.periods.flatMap((p, n) => (p.kind === 'lesson' ? [n + 1] : [])));
  const used = await tx
    .selectDistinct({ period: timetableEntries.period })
    .from(timetableEntries)
    .where(eq(timetableEntries.instituteId, i));
  if (used.some((u) => !lessons.has(u.period))) throw httpError(409, TIMETABLE_MESSAGES.scheduleInUse);
  await tx.delete(bellPeriods).where(eq(bellPeriods.instituteId, i));
  await tx.insert(bellPeriods).values(
    input.periods.map((p, n) => ({
      instituteId: i,
      period: n + 1,
      label: p.label,
      kind: p.kind,
      startsAt: p.starts_at,
      endsAt: p.ends_at,
    })),
  );
  return bellSchedule(tx, i);
}

/** The entries matching `where`, with the labels every view shows. */
export async function entriesWhere(
  tx: Db,
  instituteId: string,
  where: SQL | undefined,
): Promise<TimetableEntry[]> {
  const query = tx
    .select({
      id: timetableEntries.id,
      section_id: timetableEntries.sectionId,
      section_label: sectionLabel,
      day: timetableEntries.day,
      period: timetableEntries.period,
      subject_id: timetableEntries.subjectId,
      subject_name: subjects.name,
      subject_code: subjects.code,
      teacher_id: timetableEntries.teacherId,
      teacher_name: personName(staff),
      room: timetableEntries.room,
    })
    .from(timetableEntries)
    .$dynamic();
  return joinEntryLabels(query)
    .where(and(eq(timetableEntries.instituteId, instituteId), where))
    .orderBy(
      asc(timetableEntries.day),
      asc(timetableEntries.period),
      asc(classes.sortOrder),
      asc(sections.name),
    );
}

/** A section's, a teacher's or a room's week in the current year. */
export async function timetableOf(tx: Db, actor: Actor, query: TimetableQuery): Promise<TimetableEntry[]> {
  const yearId = (await currentYear(tx, actor))?.id;
  if (!yearId) return [];
  const which = query.section_id
    ? eq(timetableEntries.sectionId, query.section_id)
    : query.teacher_id
      ? eq(timetableEntries.teacherId, query.teacher_id)
      : eq(timetableEntries.room, query.room ?? '');
  return entriesWhere(tx, actor.institute.id, and(eq(timetableEntries.academicYearId, yearId), which));
}

type Slot = { sectionId: string; day: number; period: number; teacherId: string; room: string };

/** Refuses a slot whose section, teacher or room is already used at that time, naming the clash. */
async function assertNoClash(
  tx: Db,
  instituteId: string,
  yearId: string,
  slot: Slot & { label: string },
  except?: string,
) {
  const clashes = await entriesWhere(
    tx,
    instituteId,
    and(
      eq(timetableEntries.academicYearId, yearId),
      eq(timetableEntries.day, slot.day),
      eq(timetableEntries.period, slot.period),
      except ? ne(timetableEntries.id, except) : undefined,
      or(
        eq(timetableEntries.sectionId, slot.sectionId),
        eq(timetableEntries.teacherId, slot.teacherId),
        slot.room ? eq(timetableEntries.room, slot.room) : undefined,
      ),
    ),
  );
  const day = DAY_NAMES[slot.day] ?? String(slot.day);
  // The bell schedule's own name for the period ("Period 6"), as the grid shows it.
  const period = slot.label;
  const section = clashes.find((c) => c.section_id === slot.sectionId);
  if (section)
    throw httpError(
      409,
      TIMETABLE_MESSAGES.sectionClash(section.section_label, section.subject_name, day, period),
    );
  const teacher = clashes.find((c) => c.teacher_id === slot.teacherId);
  if (teacher)
    throw httpError(
      409,
      TIMETABLE_MESSAGES.teacherClash(teacher.teacher_name, teacher.section_label, day, period),
      {
        teacher_id: TIMETABLE_MESSAGES.teacherClash(teacher.teacher_name, teacher.section_label, day, period),
      },
    );
  const room = clashes.find((c) => slot.room && c.room === slot.room);
  if (room)
    throw httpError(409, TIMETABLE_MESSAGES.roomClash(room.room, room.section_label, day, period), {
      room: TIMETABLE_MESSAGES.roomClash(room.room, room.section_label, day, period),
    });
}

/** Checks what an entry names (section, period, subject, teacher) and returns its year and slot. */
async function checkedSlot(tx: Db, actor: Actor, input: TimetableEntryInput) {
  const i = actor.institute.id;
  const [section] = await tx
    .select({ id: sections.id, classId: sections.classId, yearId: sections.academicYearId })
    .from(sections)
    .where(and(eq(sections.instituteId, i), eq(sections.id, input.section_id)));
  if (!section) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  const [period] = await tx
    .select({ kind: bellPeriods.kind, label: bellPeriods.label })
    .from(bellPeriods)
    .where(and(eq(bellPeriods.instituteId, i), eq(bellPeriods.period, input.period)));
  if (!period)
    throw httpError(400, TIMETABLE_MESSAGES.periodNotFound, { period: TIMETABLE_MESSAGES.periodNotFound });
  if (period.kind !== 'lesson')
    throw httpError(400, TIMETABLE_MESSAGES.notALesson, { period: TIMETABLE_MESSAGES.notALesson });
  const [subject] = await tx
    .select()
    .from(subjects)
    .where(and(eq(subjects.instituteId, i), eq(subjects.id, input.subject_id), eq(subjects.active, true)));
  if (!subject) throw httpError(404, TIMETABLE_MESSAGES.subjectNotFound);
  if (subject.classIds.length && !subject.classIds.includes(section.classId))
    throw httpError(400, TIMETABLE_MESSAGES.subjectNotInClass, {
      subject_id: TIMETABLE_MESSAGES.subjectNotInClass,
    });
  const [teacher] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(
        eq(staff.instituteId, i),
        eq(staff.id, input.teacher_id),
        eq(staff.kind, 'teaching'),
        eq(staff.status, 'active'),
      ),
    );
  if (!teacher) throw httpError(404, TIMETABLE_MESSAGES.teacherNotFound);
  const slot: Slot = {
    sectionId: section.id,
    day: input.day,
    period: input.period,
    teacherId: teacher.id,
    room: input.room,
  };
  return { yearId: section.yearId, slot, label: period.label };
}

async function entryOf(tx: Db, instituteId: string, id: string): Promise<TimetableEntry> {
  const [entry] = await entriesWhere(tx, instituteId, eq(timetableEntries.id, id));
  if (!entry) throw httpError(404, TIMETABLE_MESSAGES.entryNotFound);
  return entry;
}

/** Adds an entry in a free slot of its section, its teacher and its room (409 naming the clash otherwise). */
export async function addEntry(tx: Db, actor: Actor, input: TimetableEntryInput): Promise<TimetableEntry> {
  const { yearId, slot, label } = await checkedSlot(tx, actor, input);
  await assertNoClash(tx, actor.institute.id, yearId, { ...slot, label });
  const [row] = await tx
    .insert(timetableEntries)
    .values({ instituteId: actor.institute.id, academicYearId: yearId, ...slot, subjectId: input.subject_id })
    .returning({ id: timetableEntries.id });
  if (!row) throw new Error('entry not added');
  return entryOf(tx, actor.institute.id, row.id);
}

async function findEntryRow(tx: Db, actor: Actor, id: string): Promise<TimetableEntryRow> {
  const [row] = await tx
    .select()
    .from(timetableEntries)
    .where(and(eq(timetableEntries.instituteId, actor.institute.id), eq(timetableEntries.id, id)))
    .for('update');
  if (!row) throw httpError(404, TIMETABLE_MESSAGES.entryNotFound);
  return row;
}

/** Changes an entry's subject, teacher or room (its slot stays), with the same clash rules. */
export async function changeEntry(
  tx: Db,
  actor: Actor,
  id: string,
  input: Pick<TimetableEntryInput, 'subject_id' | 'teacher_id' | 'room'>,
): Promise<TimetableEntry> {
  const row = await findEntryRow(tx, actor, id);
  const { yearId, slot, label } = await checkedSlot(tx, actor, {
    section_id: row.sectionId,
    day: row.day,
    period: row.period,
    ...input,
  });
  await assertNoClash(tx, actor.institute.id, yearId, { ...slot, label }, id);
  await tx
    .update(timetableEntries)
    .set({ subjectId: input.subject_id, teacherId: slot.teacherId, room: slot.room })
    .where(and(eq(timetableEntries.instituteId, actor.institute.id), eq(timetableEntries.id, id)));
  return entryOf(tx, actor.institute.id, id);
}

/** Clears a slot (the timetable is a plan: attendance and lessons already given keep their own rows). */
export async function removeEntry(tx: Db, actor: Actor, id: string): Promise<void> {
  await findEntryRow(tx, actor, id);
  await tx
    .delete(timetableEntries)
    .where(and(eq(timetableEntries.instituteId, actor.institute.id), eq(timetableEntries.id, id)));
}
