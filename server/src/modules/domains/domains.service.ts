import {
  DOMAIN_MESSAGES,
  type DomainRecord,
  type DomainRegistrationInput,
  type DomainUpdateInput,
  subdomainLabel,
} from '@schooliko/common/domains';
import { type ListQuery, type Pagination, pagination } from '@schooliko/common/http';
import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../kit/list-page';
import { institutes } from '../../platform/institutes';
import { uniqueInstituteCode } from '../../platform/institutes/institutes.codes';
import { assertRegistrableDomain, platformLabelRule } from '../../platform/institutes/subdomain-rules';
import { httpError } from '../../plugins/errors';
import { consumeGrant } from '../bdrs';
import { type DomainRow, domains } from './domains.table';

export type DomainContext = {
  /** The platform's own domain: `<label>.<platformDomain>` subdomains. */
  platformDomain: string;
  /** True for a URL our storage handed out. */
  ownsUrl: (url: string) => boolean;
};

/** Where a registered institute is opened: plain http for names that only resolve on this machine. */
export function siteUrl(domain: string): string {
  return domain.endsWith('.localhost') ? `http://${domain}` : `https://${domain}`;
}

/** In use as a registered domain, an institute's domain, or an institute's platform subdomain. */
export async function isDomainTaken(
  db: Db,
  domain: string,
  except?: { domainId?: string },
): Promise<boolean> {
  const [registered] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(
      except?.domainId
        ? and(eq(domains.domainName, domain), ne(domains.id, except.domainId))
        : eq(domains.domainName, domain),
    )
    .limit(1);
  if (registered) return true;
  const [institute] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(or(eq(institutes.domain, domain), eq(institutes.subdomain, domain)))
    .limit(1);
  if (!institute) return false;
  if (!except?.domainId) return true;
  // Renaming a registration: its own institute does not count against it.
  const [own] = await db
    .select({ instituteId: domains.instituteId })
    .from(domains)
    .where(eq(domains.id, except.domainId));
  return own?.instituteId !== institute.id;
}

/**
 * `<label>.<platform>`, or `<label>-2.<platform>`, ... when the first is taken or refused by the
 * subdomain rule (a reserved name, another institute's name); `own`: the institute it is for.
 */
export async function uniqueSubdomain(
  db: Db,
  domain: string,
  platformDomain: string,
  own: readonly string[] = [],
): Promise<string> {
  const label = subdomainLabel(domain);
  const refusal = await platformLabelRule(db, own);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? label : `${label}-${n}`;
    const host = `${candidate}.${platformDomain}`;
    if (!refusal(candidate) && !(await isDomainTaken(db, host))) return host;
  }
}

export type Registered = { instituteId: string; domainName: string; subdomain: string | null; url: string };

/**
 * Spec 4.11 step 6: the grant from OTP verification is used up, the institute is created on its
 * domain with its branding, and the registration is recorded, all or nothing.
 */
export async function registerDomain(
  db: Db,
  ctx: DomainContext,
  input: DomainRegistrationInput,
): Promise<Registered> {
  const images = [input.logo_url, ...input.role_images.map((r) => r.image_url)];
  if (!images.every(ctx.ownsUrl)) throw httpError(400, DOMAIN_MESSAGES.notOurImage);

  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!(await consumeGrant(txDb, input.registration_token, input.bdr_id))) {
      throw httpError(401, DOMAIN_MESSAGES.verifyBdrFirst);
    }
    if (await isDomainTaken(txDb, input.domain_name)) {
      throw httpError(409, DOMAIN_MESSAGES.domainExists, { domain_name: DOMAIN_MESSAGES.domainExists });
    }
    await assertRegistrableDomain(txDb, input.domain_name);
    const subdomain = input.subdomain_enabled
      ? await uniqueSubdomain(txDb, input.domain_name, ctx.platformDomain)
      : null;
    // One image per role, in spec order, whatever order the client sent them in.
    const roleImages = input.role_images.filter(
      (image, i, all) => all.findIndex((other) => other.role === image.role) === i,
    );
    const [institute] = await tx
      .insert(institutes)
      .values({
        code: await uniqueInstituteCode(txDb, input.institute_name),
        name: input.institute_name,
        domain: input.domain_name,
        subdomain,
        logoUrl: input.logo_url,
        slogan: input.slogan || null,
        roleImages,
        contactPerson: input.institute_contact_person,
      })
      .returning({ id: institutes.id });
    if (!institute) throw new Error('institute not created');
    await tx.insert(domains).values({
      domainName: input.domain_name,
      bdrId: input.bdr_id,
      instituteId: institute.id,
      contactPerson: input.institute_contact_person,
      provider: input.domain_purchased_from,
      purchaseDate: input.purchase_date,
      subdomainEnabled: input.subdomain_enabled,
      subdomain,
    });
    return {
      instituteId: institute.id,
      domainName: input.domain_name,
      subdomain,
      url: siteUrl(input.domain_name),
    };
  });
}

// Operator views of the registrations

const recordColumns = {
  domain: domains,
  instituteName: institutes.name,
};

function toRecord(row: { domain: DomainRow; instituteName: string | null }): DomainRecord {
  const d = row.domain;
  return {
    id: d.id,
    domain_name: d.domainName,
    bdr_id: d.bdrId,
    institute_id: d.instituteId,
    institute_name: row.instituteName,
    institute_contact_person: d.contactPerson,
    domain_purchased_from: d.provider,
    purchase_date: d.purchaseDate,
    subdomain_enabled: d.subdomainEnabled,
    subdomain: d.subdomain,
    created_at: d.createdAt.toISOString(),
  };
}

export async function listDomains(
  db: Db,
  query: ListQuery,
): Promise<{ items: DomainRecord[]; pagination: Pagination }> {
  const term = query.search ? containsPattern(query.search) : null;
  const where = term
    ? or(
        ilike(domains.domainName, term),
        ilike(domains.bdrId, term),
        ilike(domains.contactPerson, term),
        ilike(institutes.name, term),
      )
    : undefined;
  const rows = await db
    .select(recordColumns)
    .from(domains)
    .leftJoin(institutes, eq(institutes.id, domains.instituteId))
    .where(where)
    .orderBy(desc(domains.createdAt), desc(domains.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db
    .select({ n: count() })
    .from(domains)
    .leftJoin(institutes, eq(institutes.id, domains.instituteId))
    .where(where);
  return { items: rows.map(toRecord), pagination: pagination(query, total?.n ?? 0) };
}

export async function getDomain(db: Db, id: string): Promise<DomainRecord> {
  const [row] = await db
    .select(recordColumns)
    .from(domains)
    .leftJoin(institutes, eq(institutes.id, domains.instituteId))
    .where(eq(domains.id, id))
    .limit(1);
  if (!row) throw httpError(404, DOMAIN_MESSAGES.notFound);
  return toRecord(row);
}

/** Names the branding cache must forget after a change: before and after. */
export type Changed = { record: DomainRecord; names: (string | null)[] };

/**
 * Changes a registration; a new domain name or subdomain setting moves the linked institute too.
 */
export async function updateDomain(
  db: Db,
  ctx: DomainContext,
  id: string,
  input: DomainUpdateInput,
): Promise<Changed> {
  const names = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [current] = await tx.select().from(domains).where(eq(domains.id, id)).limit(1);
    if (!current) throw httpError(404, DOMAIN_MESSAGES.notFound);
    const domainName = input.domain_name ?? current.domainName;
    if (domainName !== current.domainName && (await isDomainTaken(txDb, domainName, { domainId: id }))) {
      throw httpError(409, DOMAIN_MESSAGES.domainExists, { domain_name: DOMAIN_MESSAGES.domainExists });
    }
    const enabled = input.subdomain_enabled ?? current.subdomainEnabled;
    let subdomain = enabled ? current.subdomain : null;
    if (enabled && (!subdomain || domainName !== current.domainName)) {
      subdomain = await uniqueSubdomain(
        txDb,
        domainName,
        ctx.platformDomain,
        current.instituteId ? [current.instituteId] : [],
      );
    }
    await tx
      .update(domains)
      .set({
        domainName,
        contactPerson: input.institute_contact_person ?? current.contactPerson,
        provider: input.domain_purchased_from ?? current.provider,
        purchaseDate: input.purchase_date ?? current.purchaseDate,
        subdomainEnabled: enabled,
        subdomain,
      })
      .where(eq(domains.id, id));
    if (current.instituteId) {
      await tx
        .update(institutes)
        .set({
          domain: domainName,
          subdomain,
          ...(input.institute_contact_person ? { contactPerson: input.institute_contact_person } : {}),
        })
        .where(eq(institutes.id, current.instituteId));
    }
    return [current.domainName, current.subdomain, domainName, subdomain];
  });
  return { record: await getDomain(db, id), names };
}

/**
 * Removes a registration record. The institute stays (and keeps answering on its domain);
 * institutes are removed with DELETE /api/institutes/:id.
 */
export async function deleteDomain(db: Db, id: string): Promise<void> {
  const rows = await db.delete(domains).where(eq(domains.id, id)).returning({ id: domains.id });
  if (!rows.length) throw httpError(404, DOMAIN_MESSAGES.notFound);
}
