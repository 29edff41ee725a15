import {
  CLASS_MESSAGES,
  type Section,
  type SectionInput,
  type SectionListQuery,
  type SectionTeachersInput,
  type UpdateSection,
} from '@schooliko/common/people/classes';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import type { Actor } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { staff } from '../staff';
import { rollCounts } from '../students';
import { mySections } from './classes.policy';
import { currentYear } from './classes.service';
import { academicYears, classes, type SectionRow, sections, sectionTeachers } from './classes.table';

const classJoin = and(eq(classes.instituteId, sections.instituteId), eq(classes.id, sections.classId));
const classTeacherJoin = and(
  eq(staff.instituteId, sections.instituteId),
  eq(staff.id, sections.classTeacherId),
);

/** Sections with their class, class teacher, roll count and teachers, in school order. */
async function sectionsWhere(tx: Db, actor: Actor, where: SQL | undefined): Promise<Section[]> {
  const rows = await tx
    .select({
      section: sections,
      className: classes.name,
      teacherFirst: staff.firstName,
      teacherLast: staff.lastName,
    })
    .from(sections)
    .innerJoin(classes, classJoin)
    .leftJoin(staff, classTeacherJoin)
    .where(and(eq(sections.instituteId, actor.institute.id), where))
    .orderBy(asc(classes.sortOrder), asc(classes.name), asc(sections.name));
  if (rows.length === 0) return [];
  const counts = await rollCounts(tx, actor.institute.id);
  const teachers = await tx
    .select({
      sectionId: sectionTeachers.sectionId,
      staffId: sectionTeachers.staffId,
      subject: sectionTeachers.subject,
      firstName: staff.firstName,
      lastName: staff.lastName,
    })
    .from(sectionTeachers)
    .innerJoin(
      staff,
      and(eq(staff.instituteId, sectionTeachers.instituteId), eq(staff.id, sectionTeachers.staffId)),
    )
    .where(
      and(
        eq(sectionTeachers.instituteId, actor.institute.id),
        inArray(
          sectionTeachers.sectionId,
          rows.map((r) => r.section.id),
        ),
      ),
    )
    .orderBy(asc(sectionTeachers.subject), asc(staff.firstName), asc(staff.lastName));
  return rows.map(({ section, className, teacherFirst, teacherLast }) => ({
    id: section.id,
    class_id: section.classId,
    class_name: className,
    academic_year_id: section.academicYearId,
    name: section.name,
    label: `${className}-${section.name}`,
    class_teacher_id: section.classTeacherId,
    class_teacher_name:
      teacherFirst === null ? null : fullName({ firstName: teacherFirst, lastName: teacherLast ?? '' }),
    capacity: section.capacity,
    room: section.room,
    students: counts.get(section.id) ?? 0,
    teachers: teachers
      .filter((t) => t.sectionId === section.id)
      .map((t) => ({ staff_id: t.staffId, name: fullName(t), subject: t.subject })),
  }));
}

/** The sections of a year (the current one unless named), optionally of one class or the caller's own. */
export async function listSections(tx: Db, actor: Actor, query: SectionListQuery): Promise<Section[]> {
  const yearId = query.academic_year_id ?? (await currentYear(tx, actor))?.id;
  if (!yearId) return [];
  return sectionsWhere(
    tx,
    actor,
    and(
      eq(sections.academicYearId, yearId),
      query.class_id ? eq(sections.classId, query.class_id) : undefined,
      query.mine === 'true' ? await mySections(tx, actor) : undefined,
    ),
  );
}

export async function findSection(tx: Db, actor: Actor, id: string): Promise<SectionRow> {
  const [row] = await tx
    .select()
    .from(sections)
    .where(and(eq(sections.instituteId, actor.institute.id), eq(sections.id, id)))
    .limit(1);
  if (!row) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  return row;
}

async function sectionById(tx: Db, actor: Actor, id: string): Promise<Section> {
  const [section] = await sectionsWhere(tx, actor, eq(sections.id, id));
  if (!section) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
  return section;
}

/** Ids among `ids` that are active staff members of this institute. */
async function activeStaff(tx: Db, actor: Actor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(eq(staff.instituteId, actor.institute.id), inArray(staff.id, [...ids]), eq(staff.status, 'active')),
    );
  return new Set(rows.map((r) => r.id));
}

async function assertClassTeacher(tx: Db, actor: Actor, staffId: string | null | undefined) {
  if (!staffId) return;
  if (!(await activeStaff(tx, actor, [staffId])).has(staffId))
    throw httpError(400, CLASS_MESSAGES.teacherNotFound, {
      class_teacher_id: CLASS_MESSAGES.teacherNotFound,
    });
}

async function assertNameFree(
  tx: Db,
  actor: Actor,
  where: { yearId: string; classId: string; name: string; except?: string },
) {
  const [taken] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.instituteId, actor.institute.id),
        eq(sections.academicYearId, where.yearId),
        eq(sections.classId, where.classId),
        sql`lower(${sections.name}) = lower(${where.name})`,
        where.except ? ne(sections.id, where.except) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw httpError(409, CLASS_MESSAGES.sectionNameTaken, { name: CLASS_MESSAGES.sectionNameTaken });
}

/** The year a new section belongs to: the one named, else the current one. */
async function yearFor(tx: Db, actor: Actor, yearId: string | undefined): Promise<string> {
  if (!yearId) {
    const current = await currentYear(tx, actor);
    if (!current)
      throw httpError(400, CLASS_MESSAGES.yearNotFound, { academic_year_id: CLASS_MESSAGES.yearNotFound });
    return current.id;
  }
  const [row] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, actor.institute.id), eq(academicYears.id, yearId)))
    .limit(1);
  if (!row)
    throw httpError(400, CLASS_MESSAGES.yearNotFound, { academic_year_id: CLASS_MESSAGES.yearNotFound });
  return row.id;
}

export async function createSection(tx: Db, actor: Actor, input: SectionInput): Promise<Section> {
  const [cls] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.instituteId, actor.institute.id), eq(classes.id, input.class_id)))
    .limit(1);
  if (!cls) throw httpError(400, CLASS_MESSAGES.classNotFound, { class_id: CLASS_MESSAGES.classNotFound });
  const yearId = await yearFor(tx, actor, input.academic_year_id);
  await assertNameFree(tx, actor, { yearId, classId: cls.id, name: input.name });
  await assertClassTeacher(tx, actor, input.class_teacher_id);
  const [row] = await tx
    .insert(sections)
    .values({
      instituteId: actor.institute.id,
      classId: cls.id,
      academicYearId: yearId,
      name: input.name,
      classTeacherId: input.class_teacher_id,
      capacity: input.capacity,
      room: input.room,
    })
    .returning();
  if (!row) throw new Error('section not stored');
  await recordChange(tx, actor, { entity: 'section', entityId: row.id, action: 'create', after: row });
  return sectionById(tx, actor, row.id);
}

export async function updateSection(
  tx: Db,
  actor: Actor,
  id: string,
  input: Partial<UpdateSection>,
): Promise<Section> {
  const before = await findSection(tx, actor, id);
  if (input.name !== undefined && input.name !== before.name)
    await assertNameFree(tx, actor, {
      yearId: before.academicYearId,
      classId: before.classId,
      name: input.name,
      except: id,
    });
  if (input.class_teacher_id !== before.classTeacherId)
    await assertClassTeacher(tx, actor, input.class_teacher_id);
  const changes: Partial<SectionRow> = Object.fromEntries(
    Object.entries({
      name: input.name,
      classTeacherId: input.class_teacher_id,
      capacity: input.capacity,
      room: input.room,
    }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(changes).length > 0) {
    const [after] = await tx
      .update(sections)
      .set(changes)
      .where(and(eq(sections.instituteId, actor.institute.id), eq(sections.id, id)))
      .returning();
    if (!after) throw httpError(404, CLASS_MESSAGES.sectionNotFound);
    await recordChange(tx, actor, { entity: 'section', entityId: id, action: 'update', before, after });
  }
  return sectionById(tx, actor, id);
}

type Teaching = { staff_id: string; subject: string };
/** A list of teachers in one order, so that the audit compares lists, not their orders. */
const byTeacher = (list: Teaching[]) =>
  [...list].sort((x, y) => (`${x.staff_id} ${x.subject}` < `${y.staff_id} ${y.subject}` ? -1 : 1));

/** Replaces who teaches what in a section; every teacher must be active staff of this institute. */
export async function setSectionTeachers(
  tx: Db,
  actor: Actor,
  id: string,
  input: SectionTeachersInput,
): Promise<Section> {
  await findSection(tx, actor, id);
  const wanted = new Map(input.teachers.map((t) => [`${t.staff_id}\u0000${t.subject}`, t]));
  const ids = [...new Set(input.teachers.map((t) => t.staff_id))];
  const active = await activeStaff(tx, actor, ids);
  if (ids.some((staffId) => !active.has(staffId)))
    throw httpError(400, CLASS_MESSAGES.teachersNotActive, { teachers: CLASS_MESSAGES.teachersNotActive });
  const inSection = and(
    eq(sectionTeachers.instituteId, actor.institute.id),
    eq(sectionTeachers.sectionId, id),
  );
  const before = await tx
    .select({ staff_id: sectionTeachers.staffId, subject: sectionTeachers.subject })
    .from(sectionTeachers)
    .where(inSection);
  await tx.delete(sectionTeachers).where(inSection);
  const after = [...wanted.values()].map((t) => ({ staff_id: t.staff_id, subject: t.subject }));
  if (after.length > 0)
    await tx.insert(sectionTeachers).values(
      after.map((t) => ({
        instituteId: actor.institute.id,
        sectionId: id,
        staffId: t.staff_id,
        subject: t.subject,
      })),
    );
  await recordChange(tx, actor, {
    entity: 'section',
    entityId: id,
    action: 'update',
    before: { teachers: byTeacher(before) },
    after: { teachers: byTeacher(after) },
  });
  return sectionById(tx, actor, id);
}
