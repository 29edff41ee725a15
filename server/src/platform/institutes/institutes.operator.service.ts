import type { ListQuery, Pagination } from '@schooliko/common/http';
import { pagination } from '@schooliko/common/http';
import {
  INSTITUTE_RECORD_MESSAGES,
  type InstituteBody,
  type InstituteRecord,
  type InstituteUpdate,
} from '@schooliko/common/institute-records';
import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../kit/list-page';
import { httpError } from '../../plugins/errors';
import { uniqueInstituteCode } from './institutes.codes';
import { type Institute, institutes } from './institutes.table';

export function toRecord(i: Institute): InstituteRecord {
  return {
    institute_id: i.id,
    institute_code: i.code,
    institute_name: i.name,
    domain: i.domain,
    subdomain: i.subdomain,
    type: i.type,
    logo_url: i.logoUrl,
    slogan: i.slogan,
    cover_image_url: i.coverImageUrl,
    role_images: i.roleImages,
    contact_person: i.contactPerson,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
}

export async function listInstitutes(
  db: Db,
  query: ListQuery,
): Promise<{ items: InstituteRecord[]; pagination: Pagination }> {
  const term = query.search ? containsPattern(query.search) : null;
  const where = term
    ? or(ilike(institutes.name, term), ilike(institutes.code, term), ilike(institutes.domain, term))
    : undefined;
  const rows = await db
    .select()
    .from(institutes)
    .where(where)
    .orderBy(desc(institutes.createdAt), desc(institutes.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: count() }).from(institutes).where(where);
  return { items: rows.map(toRecord), pagination: pagination(query, total?.n ?? 0) };
}

export async function getInstitute(db: Db, id: string): Promise<Institute> {
  const [row] = await db.select().from(institutes).where(eq(institutes.id, id)).limit(1);
  if (!row) throw httpError(404, INSTITUTE_RECORD_MESSAGES.notFound);
  return row;
}

/** 409 when another institute already answers on one of the names or holds the code. */
async function assertFree(
  db: Db,
  fields: { domain?: string; subdomain?: string | null; code?: string },
  exceptId?: string,
) {
  const names = [fields.domain, fields.subdomain].filter((n): n is string => Boolean(n));
  for (const name of names) {
    const [clash] = await db
      .select({ id: institutes.id })
      .from(institutes)
      .where(
        and(
          or(eq(institutes.domain, name), eq(institutes.subdomain, name)),
          exceptId ? ne(institutes.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (clash)
      throw httpError(409, INSTITUTE_RECORD_MESSAGES.domainTaken, {
        domain: INSTITUTE_RECORD_MESSAGES.domainTaken,
      });
  }
  if (fields.code) {
    const [clash] = await db
      .select({ id: institutes.id })
      .from(institutes)
      .where(and(eq(institutes.code, fields.code), exceptId ? ne(institutes.id, exceptId) : undefined))
      .limit(1);
    if (clash) {
      throw httpError(409, INSTITUTE_RECORD_MESSAGES.codeTaken, {
        institute_code: INSTITUTE_RECORD_MESSAGES.codeTaken,
      });
    }
  }
}

export async function createInstitute(db: Db, input: InstituteBody): Promise<Institute> {
  await assertFree(db, { domain: input.domain, subdomain: input.subdomain, code: input.institute_code });
  const [row] = await db
    .insert(institutes)
    .values({
      code: input.institute_code ?? (await uniqueInstituteCode(db, input.institute_name)),
      name: input.institute_name,
      domain: input.domain,
      subdomain: input.subdomain ?? null,
      type: input.type,
      logoUrl: input.logo_url ?? null,
      slogan: input.slogan ?? null,
      coverImageUrl: input.cover_image_url ?? null,
      roleImages: input.role_images ?? [],
      contactPerson: input.contact_person ?? null,
    })
    .returning();
  if (!row) throw new Error('institute not created');
  return row;
}

/** The institute before and after, so the caller can forget every name either answered on. */
export async function updateInstitute(
  db: Db,
  id: string,
  input: InstituteUpdate,
): Promise<{ before: Institute; after: Institute }> {
  const before = await getInstitute(db, id);
  await assertFree(db, { domain: input.domain, subdomain: input.subdomain, code: input.institute_code }, id);
  const [after] = await db
    .update(institutes)
    .set({
      ...(input.institute_name !== undefined ? { name: input.institute_name } : {}),
      ...(input.institute_code !== undefined ? { code: input.institute_code } : {}),
      ...(input.domain !== undefined ? { domain: input.domain } : {}),
      ...(input.subdomain !== undefined ? { subdomain: input.subdomain } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.logo_url !== undefined ? { logoUrl: input.logo_url } : {}),
      ...(input.slogan !== undefined ? { slogan: input.slogan } : {}),
      ...(input.cover_image_url !== undefined ? { coverImageUrl: input.cover_image_url } : {}),
      ...(input.role_images !== undefined ? { roleImages: input.role_images } : {}),
      ...(input.contact_person !== undefined ? { contactPerson: input.contact_person } : {}),
    })
    .where(eq(institutes.id, id))
    .returning();
  if (!after) throw httpError(404, INSTITUTE_RECORD_MESSAGES.notFound);
  return { before, after };
}

/** Removes an institute and everything it owns (memberships, sessions, ... cascade). */
export async function deleteInstitute(
  db: Db,
  id: string,
  ctx: { currentInstituteId: string },
): Promise<Institute> {
  if (id === ctx.currentInstituteId) throw httpError(409, INSTITUTE_RECORD_MESSAGES.deleteOwn);
  const [row] = await db.delete(institutes).where(eq(institutes.id, id)).returning();
  if (!row) throw httpError(404, INSTITUTE_RECORD_MESSAGES.notFound);
  return row;
}
