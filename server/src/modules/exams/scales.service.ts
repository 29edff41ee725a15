import { EXAM_MESSAGES, type GradingScale, type GradingScaleInput } from '@schooliko/common/academics/exams';
import type { GradeBand } from '@schooliko/common/academics/grading';
import { and, asc, eq, exists, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { recordChange } from '../../platform/audit/audit.service';
import { httpError } from '../../plugins/errors';
import { exams, type GradingScaleRow, gradingScales } from './exams.table';

/** Whether a published exam is graded by the scale (then its bands are part of printed results). */
const gradesPublished = (tx: Db) =>
  sql<boolean>`${exists(
    tx
      .select({ one: sql`1` })
      .from(exams)
      .where(
        and(
          eq(exams.instituteId, gradingScales.instituteId),
          eq(exams.scaleId, gradingScales.id),
          eq(exams.state, 'published'),
        ),
      ),
  )}`;

const toScale = (row: GradingScaleRow, published: boolean): GradingScale => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  bands: row.bands,
  grades_published: published,
});

/** Bands with their fields in one order (jsonb keeps keys in its own), for comparing and the audit log. */
const plain = (bands: readonly GradeBand[]) =>
  bands.map(({ grade, min, max, point, remark }) => ({ grade, min, max, point, remark }));
const recorded = (s: { name: string; kind: string; bands: readonly GradeBand[] }) => ({
  name: s.name,
  kind: s.kind,
  bands: plain(s.bands),
});

export async function listScales(tx: Db, instituteId: string): Promise<GradingScale[]> {
  const rows = await tx
    .select({ row: gradingScales, published: gradesPublished(tx) })
    .from(gradingScales)
    .where(eq(gradingScales.instituteId, instituteId))
    .orderBy(asc(gradingScales.kind), asc(gradingScales.name));
  return rows.map((r) => toScale(r.row, !!r.published));
}

/**
 * Adds a scale, or (with `id`) replaces its name and bands; exams keep pointing to it. A scale
 * that grades published results keeps its kind and bands (409): a re-printed report card must
 * say what the first one said. Every change is in the audit log (entity `grading_scale`).
 */
export async function saveScale(
  tx: Db,
  actor: Actor,
  input: GradingScaleInput,
  id?: string,
): Promise<GradingScale> {
  const i = actor.institute.id;
  let before: GradingScaleRow | undefined;
  if (id) {
    const [found] = await tx
      .select({ row: gradingScales, published: gradesPublished(tx) })
      .from(gradingScales)
      .where(and(eq(gradingScales.instituteId, i), eq(gradingScales.id, id)))
      .for('update');
    if (!found) throw httpError(404, EXAM_MESSAGES.scaleNotFound);
    before = found.row;
    const regrades =
      found.row.kind !== input.kind ||
      JSON.stringify(plain(found.row.bands)) !== JSON.stringify(plain(input.bands));
    if (found.published && regrades)
      throw httpError(409, EXAM_MESSAGES.scaleGradesPublished, {
        bands: EXAM_MESSAGES.scaleGradesPublished,
      });
  }
  const [taken] = await tx
    .select({ id: gradingScales.id })
    .from(gradingScales)
    .where(
      and(
        eq(gradingScales.instituteId, i),
        eq(gradingScales.name, input.name),
        id ? ne(gradingScales.id, id) : undefined,
      ),
    );
  if (taken) throw httpError(409, EXAM_MESSAGES.scaleNameTaken, { name: EXAM_MESSAGES.scaleNameTaken });
  const values = { name: input.name, kind: input.kind, bands: plain(input.bands) };
  const [row] = id
    ? await tx
        .update(gradingScales)
        .set(values)
        .where(and(eq(gradingScales.instituteId, i), eq(gradingScales.id, id)))
        .returning()
    : await tx
        .insert(gradingScales)
        .values({ instituteId: i, ...values })
        .returning();
  if (!row) throw httpError(404, EXAM_MESSAGES.scaleNotFound);
  await recordChange(tx, actor, {
    entity: 'grading_scale',
    entityId: row.id,
    action: before ? 'update' : 'create',
    before: before ? recorded(before) : {},
    after: recorded(row),
  });
  const [state] = await tx
    .select({ published: gradesPublished(tx) })
    .from(gradingScales)
    .where(and(eq(gradingScales.instituteId, i), eq(gradingScales.id, row.id)));
  return toScale(row, !!state?.published);
}
