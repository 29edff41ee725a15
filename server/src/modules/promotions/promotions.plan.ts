import type { Message } from '@schooliko/common/messages';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import {
  PROMOTION_MESSAGES,
  type PromotionConflict,
  type PromotionInput,
  type PromotionPlan,
  type PromotionRow,
} from '@schooliko/common/people/promotions';
import { ON_ROLLS } from '@schooliko/common/people/students';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { academicYears, classes, type SectionRow, sections } from '../classes';
import { students } from '../students';

/** A section of the target year that does not exist yet and that the run will make. */
export type SectionToMake = { key: string; classId: string; name: string; capacity: number; room: string };
/** Where the pupils of one source section go: an existing section's id, or the key of one to make. */
export type Destination = { id: string } | { make: string } | null;
export type SectionMove = { promote: Destination; detain: Destination };

export type Planned = {
  plan: PromotionPlan;
  /** Per source section id. */
  moves: Map<string, SectionMove>;
  toMake: SectionToMake[];
};

const keyOf = (classId: string, name: string) => `${classId}:${name.trim().toLowerCase()}`;

/** Counts of on-roll students per section, among `ids`. */
async function onRolls(tx: Db, actor: Actor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ sectionId: students.sectionId, n: count() })
    .from(students)
    .where(
      and(
        eq(students.instituteId, actor.institute.id),
        inArray(students.sectionId, ids),
        inArray(students.status, [...ON_ROLLS]),
      ),
    )
    .groupBy(students.sectionId);
  return new Map(rows.map((r) => [r.sectionId as string, r.n]));
}

function conflict(said: Message, section: string): PromotionConflict {
  return { code: said.code, message: said.text, params: said.params, section };
}

/**
 * What a promotion from one year into the next would do, section by section: how many pupils go
 * up (into the next class's section of the same name, unless the admin mapped it elsewhere), stay
 * (detained: the same class's section of that name), or pass out (the last class); which target
 * sections would be made; and the conflicts that stop a run. Reads only.
 */
export async function planPromotion(tx: Db, actor: Actor, input: PromotionInput): Promise<Planned> {
  const i = actor.institute.id;
  const years = await tx
    .select()
    .from(academicYears)
    .where(
      and(
        eq(academicYears.instituteId, i),
        inArray(academicYears.id, [input.from_year_id, input.to_year_id]),
      ),
    );
  const from = years.find((y) => y.id === input.from_year_id);
  const to = years.find((y) => y.id === input.to_year_id);
  if (!from || !to) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  if (to.startsOn <= from.startsOn)
    throw httpError(400, PROMOTION_MESSAGES.targetNotLater, {
      to_year_id: PROMOTION_MESSAGES.targetNotLater,
    });

  const classList = await tx
    .select()
    .from(classes)
    .where(eq(classes.instituteId, i))
    .orderBy(asc(classes.sortOrder), asc(classes.name));
  const className = new Map(classList.map((c) => [c.id, c.name]));
  const nextClass = new Map(classList.map((c, n) => [c.id, classList[n + 1] ?? null]));
  const order = new Map(classList.map((c, n) => [c.id, n]));
  const all = await tx
    .select()
    .from(sections)
    .where(and(eq(sections.instituteId, i), inArray(sections.academicYearId, [from.id, to.id])));
  const bySchoolOrder = (a: SectionRow, b: SectionRow) =>
    (order.get(a.classId) ?? 0) - (order.get(b.classId) ?? 0) || a.name.localeCompare(b.name);
  const source = all.filter((s) => s.academicYearId === from.id).sort(bySchoolOrder);
  const target = all.filter((s) => s.academicYearId === to.id);
  const targetByKey = new Map(target.map((s) => [keyOf(s.classId, s.name), s]));
  const label = (classId: string, name: string) => `${className.get(classId) ?? '?'}-${name}`;

  const mapped = new Map<string, string>();
  for (const m of input.mapping) {
    if (!source.some((s) => s.id === m.from_section_id))
      throw httpError(400, PROMOTION_MESSAGES.sectionNotInYear, {
        mapping: PROMOTION_MESSAGES.sectionNotInYear,
      });
    if (!target.some((s) => s.id === m.to_section_id))
      throw httpError(400, PROMOTION_MESSAGES.targetNotInYear, {
        mapping: PROMOTION_MESSAGES.targetNotInYear,
      });
    mapped.set(m.from_section_id, m.to_section_id);
  }

  const sourceIds = source.map((s) => s.id);
  const counts = await onRolls(tx, actor, sourceIds);
  const detainedPer = new Map<string, number>();
  if (input.detained_ids.length) {
    const held = sourceIds.length
      ? await tx
          .select({ id: students.id, sectionId: students.sectionId })
          .from(students)
          .where(
            and(
              eq(students.instituteId, i),
              inArray(students.id, input.detained_ids),
              inArray(students.sectionId, sourceIds),
              inArray(students.status, [...ON_ROLLS]),
            ),
          )
      : [];
    if (held.length !== input.detained_ids.length)
      throw httpError(400, PROMOTION_MESSAGES.detainedNotOnRolls, {
        detained_ids: PROMOTION_MESSAGES.detainedNotOnRolls,
      });
    for (const s of held)
      detainedPer.set(s.sectionId as string, (detainedPer.get(s.sectionId as string) ?? 0) + 1);
  }
  const already = await onRolls(
    tx,
    actor,
    target.map((s) => s.id),
  );

  const conflicts: PromotionConflict[] = [];
  const toMake = new Map<string, SectionToMake>();
  const targets = new Map<string, PromotionPlan['targets'][number]>();
  const moves = new Map<string, SectionMove>();
  /** The target for `count` pupils of `src` going to class `classId`'s section `name` (or a mapped id). */
  const destination = (src: SectionRow, classId: string, name: string, mappedId?: string): Destination => {
    const existing = mappedId ? target.find((s) => s.id === mappedId) : targetByKey.get(keyOf(classId, name));
    const key = existing ? existing.id : keyOf(classId, name);
    const lbl = existing ? label(existing.classId, existing.name) : label(classId, name);
    if (!targets.has(key))
      targets.set(key, {
        label: lbl,
        section_id: existing?.id ?? null,
        capacity: existing?.capacity ?? src.capacity,
        already: existing ? (already.get(existing.id) ?? 0) : 0,
        incoming: 0,
      });
    if (existing) return { id: existing.id };
    if (!input.create_sections) {
      conflicts.push(conflict(PROMOTION_MESSAGES.missingTarget(lbl), label(src.classId, src.name)));
      return null;
    }
    if (!toMake.has(key))
      toMake.set(key, { key, classId, name: src.name, capacity: src.capacity, room: src.room });
    return { make: key };
  };
  const arrive = (d: Destination, n: number) => {
    const key = d && ('id' in d ? d.id : d.make);
    const t = key ? targets.get(key) : undefined;
    if (t) t.incoming += n;
  };

  const rows: PromotionRow[] = [];
  for (const src of source) {
    const total = counts.get(src.id) ?? 0;
    const detained = detainedPer.get(src.id) ?? 0;
    const rest = total - detained;
    const next = nextClass.get(src.classId) ?? null;
    const mappedId = mapped.get(src.id);
    const goesUp = Boolean(next || mappedId);
    const promote = goesUp && rest > 0 ? destination(src, next?.id ?? src.classId, src.name, mappedId) : null;
    const detain = detained > 0 ? destination(src, src.classId, src.name) : null;
    arrive(promote, rest);
    arrive(detain, detained);
    moves.set(src.id, { promote, detain });
    const up = promote && 'id' in promote ? target.find((s) => s.id === promote.id) : undefined;
    rows.push({
      section_id: src.id,
      label: label(src.classId, src.name),
      students: total,
      promoted: goesUp ? rest : 0,
      detained,
      passed_out: goesUp ? 0 : rest,
      to_label: !goesUp ? null : up ? label(up.classId, up.name) : next ? label(next.id, src.name) : null,
      to_section_id: up?.id ?? null,
      creates: Boolean(promote && 'make' in promote),
    });
  }
  const targetList = [...targets.values()].sort((a, b) => a.label.localeCompare(b.label));
  for (const t of targetList)
    if (t.already + t.incoming > t.capacity)
      conflicts.push(
        conflict(PROMOTION_MESSAGES.targetFull(t.label, t.capacity, t.already + t.incoming), t.label),
      );
  const sum = (k: 'students' | 'promoted' | 'detained' | 'passed_out') => rows.reduce((n, r) => n + r[k], 0);
  return {
    plan: {
      from_year: { id: from.id, name: from.name },
      to_year: { id: to.id, name: to.name },
      sections: rows,
      targets: targetList,
      conflicts,
      totals: {
        students: sum('students'),
        promoted: sum('promoted'),
        detained: sum('detained'),
        passed_out: sum('passed_out'),
      },
    },
    moves,
    toMake: [...toMake.values()],
  };
}
