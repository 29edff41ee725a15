import {
  GROUP_TYPE_LABELS,
  GROUP_TYPES,
  type Group,
  type GroupSummary,
  type GroupType,
} from '@schooliko/common/groups';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../kit/list-page';
import { users } from '../../platform/auth';
import { institutes } from '../../platform/institutes';
import { type GroupRow, groupDirectors, groups } from './groups.table';

/** The institutes in each of these groups, oldest first. */
async function institutesOf(db: Db, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: institutes.groupId,
      id: institutes.id,
      name: institutes.name,
      code: institutes.code,
      logoUrl: institutes.logoUrl,
    })
    .from(institutes)
    .where(inArray(institutes.groupId, groupIds))
    .orderBy(asc(institutes.createdAt), asc(institutes.name));
}

async function directorsOf(db: Db, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: groupDirectors.groupId,
      userId: groupDirectors.userId,
      isPrimary: groupDirectors.isPrimary,
      isPrincipal: groupDirectors.isPrincipal,
      instituteId: groupDirectors.instituteId,
      instituteName: institutes.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(groupDirectors)
    .innerJoin(users, eq(users.id, groupDirectors.userId))
    .leftJoin(institutes, eq(institutes.id, groupDirectors.instituteId))
    .where(inArray(groupDirectors.groupId, groupIds))
    .orderBy(asc(groupDirectors.createdAt));
}

/** Groups with their institutes and directors, as spec 3.5 reads them; two queries for any number. */
export async function toGroups(db: Db, rows: GroupRow[], callerId: string): Promise<Group[]> {
  const ids = rows.map((r) => r.id);
  const [members, directors] = await Promise.all([institutesOf(db, ids), directorsOf(db, ids)]);
  return rows.map((row) => {
    const own = members.filter((m) => m.groupId === row.id);
    const mine = directors.find((d) => d.groupId === row.id && d.userId === callerId);
    return {
      _id: row.id,
      group_name: row.name,
      group_code: row.code,
      group_type: row.type,
      group_description: row.description,
      group_website: row.website,
      group_email: row.email,
      group_phone: row.phone,
      main_office_address: {
        street: row.street,
        city: row.city,
        state: row.state,
        pincode: row.pincode,
        country: row.country,
      },
      establishment_year: row.establishmentYear,
      group_tags: row.tags,
      group_logo: row.logoUrl,
      status: row.status,
      group_institutes: own.map((m) => ({
        institute_id: m.id,
        institute_name: m.name,
        institute_code: m.code,
        logo_url: m.logoUrl,
      })),
      total_institutes: own.length,
      directors: directors
        .filter((d) => d.groupId === row.id)
        .map((d) => ({
          director_id: d.userId,
          name: `${d.firstName} ${d.lastName}`.trim(),
          isPrimaryDirector: d.isPrimary,
          isPrincipal: d.isPrincipal,
          institute_id: d.instituteId,
          institute_name: d.instituteName,
        })),
      my_role: mine ? { isPrimaryDirector: mine.isPrimary, isPrincipal: mine.isPrincipal } : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function findGroup(db: Db, id: string): Promise<GroupRow | null> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id)).limit(1);
  return row ?? null;
}

const instituteCount = sql<number>`(select count(*)::int from "institutes" as "member" where "member"."group_id" = "groups"."id")`;

const summaryColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  type: groups.type,
  code: groups.code,
  logoUrl: groups.logoUrl,
  totalInstitutes: instituteCount,
};

type SummaryRow = {
  id: string;
  name: string;
  description: string;
  type: GroupType;
  code: string;
  logoUrl: string | null;
  totalInstitutes: number;
};

const toSummary = (r: SummaryRow): GroupSummary => ({
  group_id: r.id,
  group_name: r.name,
  group_description: r.description,
  group_type: r.type,
  group_code: r.code,
  group_logo: r.logoUrl,
  total_institutes: Number(r.totalInstitutes),
});

/** Case-insensitive "contains" on name, code and type (its value or its label). */
function matching(text: string | undefined, type: GroupType | undefined): SQL | undefined {
  const conditions: SQL[] = [eq(groups.status, 'active')];
  if (type) conditions.push(eq(groups.type, type));
  const q = text?.trim().toLowerCase();
  if (q) {
    const pattern = containsPattern(q);
    const types = GROUP_TYPES.filter((t) => t.includes(q) || GROUP_TYPE_LABELS[t].toLowerCase().includes(q));
    const any = [ilike(groups.name, pattern), ilike(groups.code, pattern)];
    if (types.length) any.push(inArray(groups.type, types));
    const either = or(...any);
    if (either) conditions.push(either);
  }
  return and(...conditions);
}

export async function listGroupSummaries(
  db: Db,
  query: { page: number; limit: number; search?: string; type?: GroupType },
): Promise<{ items: GroupSummary[]; total: number }> {
  const where = matching(query.search, query.type);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(groups)
      .where(where)
      .orderBy(sql`lower(${groups.name})`, asc(groups.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(groups).where(where),
  ]);
  return { items: rows.map(toSummary), total: totals[0]?.n ?? 0 };
}

export async function searchGroupSummaries(
  db: Db,
  query: { q: string; type?: GroupType },
  limit: number,
): Promise<GroupSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(groups)
    .where(matching(query.q, query.type))
    .orderBy(sql`lower(${groups.name})`, asc(groups.id))
    .limit(limit);
  return rows.map(toSummary);
}
