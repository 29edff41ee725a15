import { classOf, sectionOf, staffOf, subjectOf, yearOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { sections } from '../classes';
import { staff } from '../staff';
import { timetableEntries } from './timetable.table';

let freshSections = 0;

/**
 * A timetable entry on Sunday's first period (suite saves use Monday's), or `day`'s: the owner's
 * section's, or, fresh (each delete, each substitution), in a new section of its own.
 */
async function entryOf(c: ResourceContext, fresh = false, day = 7): Promise<string | undefined> {
  const make = async () => {
    const [yearId, classId, subjectId, teacherId] = [
      await yearOf(c),
      await classOf(c),
      await subjectOf(c),
      await staffOf(c),
    ];
    if (!yearId || !classId || !subjectId || !teacherId) return undefined;
    const sectionId = fresh
      ? (
          await c.world.t.database.db
            .insert(sections)
            .values({
              instituteId: c.owner.institute.id,
              classId,
              academicYearId: yearId,
              name: `F${++freshSections}`,
            })
            .returning({ id: sections.id })
        )[0]?.id
      : await sectionOf(c);
    const ownTeacher = fresh
      ? (
          await c.world.t.database.db
            .insert(staff)
            .values({
              instituteId: c.owner.institute.id,
              employeeCode: `F-${freshSections}-${c.owner.label}`,
              firstName: `Teacher ${c.owner.secret}`,
              joiningDate: '2020-06-01',
            })
            .returning({ id: staff.id })
        )[0]?.id
      : teacherId;
    if (!sectionId || !ownTeacher) return undefined;
    const [row] = await c.world.t.database.db
      .insert(timetableEntries)
      .values({
        instituteId: c.owner.institute.id,
        academicYearId: yearId,
        sectionId,
        day,
        period: 1,
        subjectId,
        teacherId: ownTeacher,
        room: fresh ? '' : `Room ${c.owner.secret}`.slice(0, 20),
      })
      .returning({ id: timetableEntries.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`timetable-entry:${c.owner.label}`, make);
}

/** The security suites' makers for the subjects and timetable routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/subjects', make: subjectOf },
  { name: 'class_ids', under: '/api/subjects', make: async (c) => [await classOf(c)] },
  { name: 'id', under: '/api/timetable/entries', methods: ['DELETE'], make: (c) => entryOf(c, true) },
  { name: 'id', under: '/api/timetable/entries', make: (c) => entryOf(c) },
  { name: 'section_id', under: '/api/timetable', make: sectionOf },
  { name: 'subject_id', under: '/api/timetable', make: subjectOf },
  { name: 'teacher_id', under: '/api/timetable', make: staffOf },
  // Substitutions: a fresh Tuesday entry (its own section and teacher) for a Tuesday of the year.
  { name: 'entry_id', under: '/api/timetable/substitutions', make: (c) => entryOf(c, true, 2) },
  { name: 'substitute_id', under: '/api/timetable/substitutions', make: staffOf },
];
