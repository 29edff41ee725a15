import { randomInt } from 'node:crypto';
import {
  type CreatedInstitute,
  type createInstituteSchema,
  SUBDOMAIN_PATTERN,
  slugify,
  WEBSITE_MESSAGES,
  type WebsiteContent,
} from '@schooliko/common/website';
import { and, arrayOverlaps, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { memberships, users } from '../../platform/auth';
import { type Institute, institutes } from '../../platform/institutes';
import { platformLabelRule, refuse } from '../../platform/institutes/subdomain-rules';
import type { AuthContext } from '../../plugins/auth';
import { HttpError, httpError } from '../../plugins/errors';
import { groupDirectors } from '../groups';
import { instituteProfiles } from '../profile';
import { websites } from './website.table';

type Input = z.output<typeof createInstituteSchema>;

const DAY_MS = 86_400_000;

/** 'St. Mary's High School' -> 'SMHS' + three digits; a collision draws again. */
function codeFor(name: string): string {
  const initials = name
    .replace(/['’]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join('')
    .slice(0, 4);
  return `${initials || 'INS'}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}

async function hostTaken(db: Db, host: string): Promise<boolean> {
  const [row] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(or(eq(institutes.domain, host), eq(institutes.subdomain, host)))
    .limit(1);
  return Boolean(row);
}

/** Institutes the caller runs (as their admin or director, or through the group they direct). */
async function managedInstitutes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(
      or(
        inArray(
          institutes.id,
          db
            .select({ id: memberships.instituteId })
            .from(memberships)
            .where(
              and(
                eq(memberships.userId, userId),
                eq(memberships.status, 'active'),
                arrayOverlaps(memberships.roles, ['admin', 'director']),
              ),
            ),
        ),
        inArray(
          institutes.groupId,
          db
            .select({ id: groupDirectors.groupId })
            .from(groupDirectors)
            .where(eq(groupDirectors.userId, userId)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The web address of the new institute: the asked label, or one made from the name, held to the
 * subdomain rule (institutes/subdomain-rules.ts); a label made from the name skips to the next
 * number instead.
 */
async function chooseHost(db: Db, ctx: AuthContext, input: Input, platformDomain: string): Promise<string> {
  const refusal = await platformLabelRule(db, await managedInstitutes(db, ctx.userId));
  if (input.subdomain) {
    const refused = refusal(input.subdomain);
    if (refused) refuse(refused, 'subdomain');
    const host = `${input.subdomain}.${platformDomain}`;
    if (await hostTaken(db, host))
      throw httpError(409, WEBSITE_MESSAGES.subdomainTaken, { subdomain: WEBSITE_MESSAGES.subdomainTaken });
    return host;
  }
  let base = slugify(input.institute_name).slice(0, 34).replace(/-+$/, '');
  if (!SUBDOMAIN_PATTERN.test(base)) base = `institute-${base}`.replace(/-+$/, '').slice(0, 34);
  for (let n = 1; n <= 50; n++) {
    const label = n === 1 ? base : `${base}-${n}`;
    const host = `${label}.${platformDomain}`;
    if (!refusal(label) && !(await hostTaken(db, host))) return host;
  }
  throw httpError(409, WEBSITE_MESSAGES.subdomainTaken, { subdomain: WEBSITE_MESSAGES.subdomainTaken });
}

/**
 * One person opens at most `max` institutes in 24 hours, counted from the rows (so every instance
 * and a restart agree); their user row is locked first, so two requests at once count in turn.
 */
async function assertUnderDailyCap(tx: Db, userId: string, max: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const recent = await tx
    .select({ createdAt: institutes.createdAt })
    .from(institutes)
    .where(and(eq(institutes.createdBy, userId), gt(institutes.createdAt, sql`now() - interval '1 day'`)))
    .orderBy(desc(institutes.createdAt))
    .limit(max);
  const oldest = recent[max - 1];
  if (!oldest) return;
  const seconds = Math.max(1, Math.ceil((oldest.createdAt.getTime() + DAY_MS - Date.now()) / 1000));
  throw new HttpError(429, WEBSITE_MESSAGES.tooManyInstitutes(max), undefined, {
    'retry-after': String(seconds),
  });
}

/** The creator's group: the one a director directs (this institute's first), or an admin's institute's. */
async function creatorGroup(db: Db, ctx: AuthContext): Promise<string | null> {
  if (ctx.role !== 'director') return ctx.institute.groupId;
  const rows = await db
    .select({ groupId: groupDirectors.groupId })
    .from(groupDirectors)
    .where(eq(groupDirectors.userId, ctx.userId))
    .orderBy(asc(groupDirectors.createdAt));
  const ids = rows.map((r) => r.groupId);
  if (ctx.institute.groupId && ids.includes(ctx.institute.groupId)) return ctx.institute.groupId;
  return ids[0] ?? null;
}

/**
 * /admin/create-institute: an admin or director opens a new institute (a branch) from the builder's
 * fields, served on `<label>.<PLATFORM_DOMAIN>`. The creator becomes its active admin, the branch
 * joins the creator's group, and the builder's content becomes its first draft.
 */
export async function createBranch(
  db: Db,
  ctx: AuthContext,
  input: Input,
  settings: { platformDomain: string; perDay: number },
): Promise<{ created: CreatedInstitute; institute: Institute }> {
  const groupId = await creatorGroup(db, ctx);
  // A director's branch joins the group they direct: without one there is nothing to join.
  if (ctx.role === 'director' && !groupId) throw httpError(409, WEBSITE_MESSAGES.needsGroup);
  const { subdomain: _label, ...content } = input;
  const draft: WebsiteContent = { ...content, group: { choice: 'none', group_id: '', group_name: '' } };

  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await assertUnderDailyCap(txDb, ctx.userId, settings.perDay);
    const host = await chooseHost(txDb, ctx, input, settings.platformDomain);
    let institute: Institute | undefined;
    for (let attempt = 0; !institute && attempt < 10; attempt++) {
      [institute] = await tx
        .insert(institutes)
        .values({
          code: codeFor(input.institute_name),
          name: input.institute_name,
          domain: host,
          type: input.institute_type,
          groupId,
          slogan: input.tagline || null,
          logoUrl: input.design.logo_url || ctx.institute.logoUrl,
          coverImageUrl: input.design.banner_url || null,
          roleImages: ctx.institute.roleImages,
          contactPerson: input.principal.name || null,
          createdBy: ctx.userId,
        })
        .onConflictDoNothing({ target: institutes.code })
        .returning();
    }
    if (!institute) throw new Error('could not draw a free institute code');
    const roles = ctx.role === 'admin' ? (['admin'] as const) : ([ctx.role, 'admin'] as const);
    await tx
      .insert(memberships)
      .values({ instituteId: institute.id, userId: ctx.userId, roles: [...roles], status: 'active' });
    await tx.insert(websites).values({ instituteId: institute.id, draft, updatedBy: ctx.userId });
    const c = input.contact;
    await tx.insert(instituteProfiles).values({
      instituteId: institute.id,
      address: c.address,
      city: c.city,
      state: c.state,
      pincode: c.pincode,
      latitude: c.latitude,
      longitude: c.longitude,
      socialMedia: c.socialMedia,
      updatedBy: ctx.userId,
    });
    return {
      institute,
      created: {
        institute_id: institute.id,
        institute_code: institute.code,
        institute_name: institute.name,
        domain: host,
        group_id: groupId,
      },
    };
  });
}
