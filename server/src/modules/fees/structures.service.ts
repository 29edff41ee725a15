import { FEE_MESSAGES, type FeeStructure, type FeeStructureInput } from '@schooliko/common/fees/fees';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { academicYears, classes, currentYear } from '../classes';
import { feeDues, feeHeads, feeStructureLines, feeStructures } from './fees.table';

const billed = sql<number>`(select count(distinct d.student_id) from ${feeDues} d
  where d.institute_id = ${feeStructures.instituteId} and d.source_kind = 'structure'
    and d.source_id = ${feeStructures.id} and not d.cancelled)`.mapWith(Number);

async function toStructures(tx: Db, actor: Actor, where: ReturnType<typeof and>): Promise<FeeStructure[]> {
  const rows = await tx
    .select({
      s: feeStructures,
      year: academicYears.name,
      className: classes.name,
      order: classes.sortOrder,
      billed,
    })
    .from(feeStructures)
    .innerJoin(
      academicYears,
      and(
        eq(academicYears.instituteId, feeStructures.instituteId),
        eq(academicYears.id, feeStructures.academicYearId),
      ),
    )
    .innerJoin(
      classes,
      and(eq(classes.instituteId, feeStructures.instituteId), eq(classes.id, feeStructures.classId)),
    )
    .where(and(eq(feeStructures.instituteId, actor.institute.id), where))
    .orderBy(asc(classes.sortOrder), asc(feeStructures.studentCategory));
  if (rows.length === 0) return [];
  const lines = await tx
    .select({
      structureId: feeStructureLines.structureId,
      headId: feeHeads.id,
      name: feeHeads.name,
      code: feeHeads.code,
      amounts: feeStructureLines.amounts,
    })
    .from(feeStructureLines)
    .innerJoin(
      feeHeads,
      and(eq(feeHeads.instituteId, feeStructureLines.instituteId), eq(feeHeads.id, feeStructureLines.headId)),
    )
    .where(
      and(
        eq(feeStructureLines.instituteId, actor.institute.id),
        inArray(
          feeStructureLines.structureId,
          rows.map((r) => r.s.id),
        ),
      ),
    )
    .orderBy(asc(feeHeads.category), asc(feeHeads.name));
  return rows.map(({ s, year, className, billed }) => {
    const own = lines.filter((l) => l.structureId === s.id);
    return {
      id: s.id,
      academic_year_id: s.academicYearId,
      academic_year: year,
      class_id: s.classId,
      class_name: className,
      student_category: s.studentCategory,
      plan: s.plan,
      instalments: s.instalments,
      lines: own.map((l) => ({
        head_id: l.headId,
        head_name: l.name,
        head_code: l.code,
        amounts_paise: l.amounts,
      })),
      total_paise: own.reduce((sum, l) => sum + l.amounts.reduce((a, b) => a + b, 0), 0),
      students_billed: billed,
    };
  });
}

/** The structures of a year (the current one unless named), in school order. */
export async function listStructures(tx: Db, actor: Actor, yearId?: string): Promise<FeeStructure[]> {
  const year = yearId ?? (await currentYear(tx, actor))?.id;
  if (!year) return [];
  return toStructures(tx, actor, eq(feeStructures.academicYearId, year));
}

export async function findStructure(tx: Db, actor: Actor, id: string): Promise<FeeStructure> {
  const [found] = await toStructures(tx, actor, eq(feeStructures.id, id));
  if (!found) throw httpError(404, FEE_MESSAGES.structureNotFound);
  return found;
}

/** Adds a class's structure for a year (and category); its dues are generated as a job. */
export async function createStructure(tx: Db, actor: Actor, input: FeeStructureInput): Promise<FeeStructure> {
  const i = actor.institute.id;
  const [year] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.instituteId, i), eq(academicYears.id, input.academic_year_id)));
  if (!year)
    throw httpError(404, CLASS_MESSAGES.yearNotFound, { academic_year_id: CLASS_MESSAGES.yearNotFound });
  const [cls] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.instituteId, i), eq(classes.id, input.class_id)));
  if (!cls) throw httpError(404, CLASS_MESSAGES.classNotFound, { class_id: CLASS_MESSAGES.classNotFound });
  const headIds = input.lines.map((l) => l.head_id);
  const heads = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, i), inArray(feeHeads.id, headIds), eq(feeHeads.active, true)));
  if (heads.length !== headIds.length)
    throw httpError(404, FEE_MESSAGES.headNotFound, { lines: FEE_MESSAGES.headNotFound });
  const [row] = await tx
    .insert(feeStructures)
    .values({
      instituteId: i,
      academicYearId: input.academic_year_id,
      classId: input.class_id,
      studentCategory: input.student_category,
      plan: input.plan,
      instalments: input.instalments,
      createdBy: actor.userId,
    })
    .onConflictDoNothing()
    .returning({ id: feeStructures.id });
  if (!row) throw httpError(409, FEE_MESSAGES.structureExists, { class_id: FEE_MESSAGES.structureExists });
  await tx.insert(feeStructureLines).values(
    input.lines.map((l) => ({
      instituteId: i,
      structureId: row.id,
      headId: l.head_id,
      amounts: l.amounts_paise,
    })),
  );
  return findStructure(tx, actor, row.id);
}
