import {
  emptyWebsiteContent,
  type PublicSite,
  type PublicSiteContent,
  WEBSITE_MESSAGES,
  type WebsiteContent,
  type WebsiteState,
  type WebsiteStatus,
} from '@schooliko/common/website';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Institute, institutes } from '../../platform/institutes';
import { toBranding } from '../../platform/institutes/institutes.service';
import type { AuthContext } from '../../plugins/auth';
import { httpError } from '../../plugins/errors';
import { getProfile } from '../profile';
import { canManageGroup } from './website.policy';
import { type WebsiteRow, websites } from './website.table';

/** JSON with object keys sorted: jsonb does not keep key order, so compare this way. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

export async function findWebsite(db: Db, instituteId: string): Promise<WebsiteRow | null> {
  const [row] = await db.select().from(websites).where(eq(websites.instituteId, instituteId)).limit(1);
  return row ?? null;
}

/** A first draft from what the platform already knows: the institute's branding and contact details. */
export async function initialDraft(db: Db, institute: Institute): Promise<WebsiteContent> {
  const content = emptyWebsiteContent(institute.name);
  const profile = await getProfile(db, institute.id);
  content.tagline = institute.slogan ?? '';
  content.design.logo_url = institute.logoUrl ?? '';
  content.design.banner_url = institute.coverImageUrl ?? '';
  content.contact = {
    ...content.contact,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    pincode: profile.pincode,
    phone: profile.publicPhone,
    email: profile.publicEmail,
    latitude: profile.latitude,
    longitude: profile.longitude,
    socialMedia: profile.socialMedia,
  };
  return content;
}

function statusOf(row: WebsiteRow | null): WebsiteStatus {
  if (!row) return 'not_started';
  if (!row.published) return 'draft';
  return canonical(row.draft) === canonical(row.published) ? 'published' : 'changed';
}

export async function getWebsiteState(
  db: Db,
  ctx: AuthContext,
  platformDomain: string,
): Promise<WebsiteState> {
  const row = await findWebsite(db, ctx.institute.id);
  return {
    draft: row?.draft ?? (await initialDraft(db, ctx.institute)),
    published: row?.published ?? null,
    status: statusOf(row),
    updated_at: row?.updatedAt.toISOString() ?? null,
    published_at: row?.publishedAt?.toISOString() ?? null,
    can_manage_group: canManageGroup(ctx),
    current_group_id: ctx.institute.groupId,
    platform_domain: platformDomain,
  };
}

/**
 * The group block is the director's to change (spec 6.3). Anyone else saves the block as it was
 * stored; trying to change it is refused with the reason.
 */
async function guardGroupChoice(db: Db, ctx: AuthContext, content: WebsiteContent): Promise<WebsiteContent> {
  if (canManageGroup(ctx)) return content;
  const row = await findWebsite(db, ctx.institute.id);
  const stored = row?.draft.group ?? emptyWebsiteContent().group;
  const asked = content.group;
  const same =
    asked.choice === stored.choice &&
    (asked.choice !== 'existing' || asked.group_id === stored.group_id) &&
    (asked.choice !== 'create' || asked.group_name === stored.group_name);
  if (!same)
    throw httpError(403, WEBSITE_MESSAGES.groupsOnlyForDirectors, {
      'group.choice': WEBSITE_MESSAGES.groupsOnlyForDirectors,
    });
  return { ...content, group: stored };
}

export async function saveDraft(db: Db, ctx: AuthContext, input: WebsiteContent): Promise<void> {
  const draft = await guardGroupChoice(db, ctx, input);
  await db
    .insert(websites)
    .values({ instituteId: ctx.institute.id, draft, updatedBy: ctx.userId })
    .onConflictDoUpdate({ target: websites.instituteId, set: { draft, updatedBy: ctx.userId } });
}

/**
 * Copies the draft to what visitors see and brings the institute's branding (name, tagline, logo,
 * banner) in line with it. Returns the institute's names for the branding cache to forget.
 */
export async function publishDraft(db: Db, ctx: AuthContext): Promise<Institute> {
  const row = await findWebsite(db, ctx.institute.id);
  if (!row) throw httpError(400, WEBSITE_MESSAGES.nothingToPublish);
  const content = row.draft;
  return db.transaction(async (tx) => {
    await tx
      .update(websites)
      .set({ published: content, publishedAt: new Date(), publishedBy: ctx.userId })
      .where(eq(websites.instituteId, ctx.institute.id));
    const [institute] = await tx
      .update(institutes)
      .set({
        name: content.institute_name,
        slogan: content.tagline || ctx.institute.slogan,
        logoUrl: content.design.logo_url || ctx.institute.logoUrl,
        coverImageUrl: content.design.banner_url || ctx.institute.coverImageUrl,
      })
      .where(eq(institutes.id, ctx.institute.id))
      .returning();
    if (!institute) throw httpError(404, 'Institute not found');
    return institute;
  });
}

function withoutGroup(content: WebsiteContent): PublicSiteContent {
  const { group: _group, ...rest } = content;
  return rest;
}

/** What the public pages render: the published copy, or for a preview the draft. */
export function toPublicSite(
  institute: Institute,
  row: WebsiteRow | null,
  preview: { draft: WebsiteContent } | null = null,
): PublicSite {
  const content = preview ? preview.draft : (row?.published ?? null);
  return {
    published: Boolean(row?.published),
    preview: preview !== null,
    branding: toBranding(institute),
    site: content ? withoutGroup(content) : null,
    contact: null,
    published_at: row?.publishedAt?.toISOString() ?? null,
  };
}

/**
 * The public site as GET /api/public/site (and the page's boot data) serve it: while nothing is
 * published, with the institute's contact information from Update Profile, so the holding page
 * says how to reach the institute instead of an empty "Reach us".
 */
export async function loadPublicSite(db: Db, institute: Institute): Promise<PublicSite> {
  const site = toPublicSite(institute, await findWebsite(db, institute.id));
  if (site.site) return site;
  const p = await getProfile(db, institute.id);
  const { address, city, state, pincode, website } = p;
  return {
    ...site,
    contact: { address, city, state, pincode, website, phone: p.publicPhone, email: p.publicEmail },
  };
}
