import { GROUP_MESSAGES, groupCreateSchema } from '@schooliko/common/groups';
import type { Message } from '@schooliko/common/messages';
import { WEBSITE_MESSAGES, type WebsiteContent } from '@schooliko/common/website';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { institutes } from '../../platform/institutes';
import type { AuthContext } from '../../plugins/auth';
import { HttpError, httpError, issueSaid, type Said } from '../../plugins/errors';
import { requestToJoin } from '../group-requests';
import { createGroup, directorLink, linkInstitute, logoStorage } from '../groups';
import { canManageGroup } from './website.policy';
import { findWebsite } from './website.service';
import { websites } from './website.table';

export type GroupOutcome = { ctx: AuthContext; message: Message | null };

// The builder's fields that carry each of the group form's required fields.
const FIELD_OF: Record<string, string> = {
  group_name: 'group.group_name',
  'group_address.street': 'contact.address',
  'group_address.city': 'contact.city',
  'group_address.state': 'contact.state',
  'group_address.pincode': 'contact.pincode',
  group_email: 'contact.email',
  group_phone: 'contact.phone',
  group_establishment_year: 'established_year',
};

/** The group form's payload from the builder: a school chain at this institute's address. */
function groupPayload(content: WebsiteContent) {
  const parsed = groupCreateSchema.safeParse({
    group_name: content.group.group_name,
    group_description: content.tagline,
    group_type: 'school_chain',
    group_website: '',
    group_email: content.contact.email,
    group_phone: content.contact.phone,
    group_address: {
      street: content.contact.address,
      city: content.contact.city,
      state: content.contact.state,
      pincode: content.contact.pincode,
      country: 'India',
    },
    group_establishment_year: content.established_year,
    group_tags: [],
    group_logo: null,
    isPrimaryDirector: true,
    isPrincipal: content.principal.is_self,
  });
  if (parsed.success) return parsed.data;
  const errors: Record<string, Said> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.join('.')] ?? 'group.group_name';
    errors[field] ??= issueSaid(issue);
  }
  throw httpError(400, `To create your group, please fill in: ${Object.values(errors).join(', ')}`, errors);
}

/**
 * Spec 4.10 on Create: a director's choice is carried out. "Create own group" creates the group
 * through the groups service (this institute joins it and the draft then points at it);
 * "part of a group" sends a join request for a group the institute is not in yet.
 */
export async function applyGroupChoice(app: FastifyInstance, ctx: AuthContext): Promise<GroupOutcome> {
  if (!canManageGroup(ctx)) return { ctx, message: null };
  const db = app.database.db;
  const row = await findWebsite(db, ctx.institute.id);
  const choice = row?.draft.group;
  if (!row || !choice || choice.choice === 'none') return { ctx, message: null };

  if (choice.choice === 'create') {
    if (ctx.institute.groupId) throw httpError(409, WEBSITE_MESSAGES.alreadyInGroup);
    const input = groupPayload(row.draft);
    const { created } = await createGroup(db, { ...ctx, logos: logoStorage(app.storage) }, input);
    const draft: WebsiteContent = {
      ...row.draft,
      group: { choice: 'existing', group_id: created._id, group_name: '' },
    };
    await db.update(websites).set({ draft }).where(eq(websites.instituteId, ctx.institute.id));
    const [institute] = await db
      .select()
      .from(institutes)
      .where(eq(institutes.id, ctx.institute.id))
      .limit(1);
    await app.institutes.forget(ctx.institute.domain, ctx.institute.subdomain);
    return {
      ctx: { ...ctx, institute: institute ?? ctx.institute },
      message: WEBSITE_MESSAGES.groupCreated(created.group_name),
    };
  }

  if (choice.group_id === ctx.institute.groupId) return { ctx, message: null };
  return { ctx, message: await sendJoinRequest(app, ctx, choice.group_id) };
}

/**
 * "Part of a group": a director who already directs the group puts the institute in it at once;
 * anyone else asks to join (the group's primary directors decide, and approval links the
 * institute). A request already waiting is not an error.
 */
async function sendJoinRequest(app: FastifyInstance, ctx: AuthContext, groupId: string): Promise<Message> {
  const db = app.database.db;
  if (await directorLink(db, groupId, ctx.userId)) {
    if (ctx.institute.groupId) throw httpError(409, WEBSITE_MESSAGES.alreadyInGroup);
    const changed = await linkInstitute(db, ctx.institute.id, groupId);
    if (changed) await app.institutes.forget(changed.domain, changed.subdomain);
    return WEBSITE_MESSAGES.addedToGroup;
  }
  try {
    await requestToJoin(db, { ...ctx, hub: app.notificationHub }, { group_id: groupId, message: '' });
    return WEBSITE_MESSAGES.joinRequested;
  } catch (error) {
    if (error instanceof HttpError && error.coded.code === GROUP_MESSAGES.alreadyPending.code)
      return GROUP_MESSAGES.alreadyPending;
    throw error;
  }
}
