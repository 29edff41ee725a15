import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { BRANDING_CACHE_MS, type Branding } from '@schooliko/common/institutes';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { TtlCache } from '../../lib/ttl-cache';
import type { CacheInvalidation, Invalidation } from '../../plugins/cache-invalidation';
import { type Institute, institutes } from './institutes.table';

/** The branding of an institute; `googleSignIn` where the sign-in pages read it. */
export function toBranding(institute: Institute, googleSignIn?: boolean): Branding {
  return {
    ...(googleSignIn === undefined ? {} : { google_sign_in: googleSignIn }),
    institute_id: institute.id,
    institute_code: institute.code,
    institute_name: institute.name,
    logo_url: institute.logoUrl,
    slogan: institute.slogan,
    cover_image_url: institute.coverImageUrl,
    role_images: institute.roleImages,
  };
}

/** The change to announce when the institute served on these names changed. */
export function hostsChanged(...domains: (string | null | undefined)[]): Invalidation {
  return { kind: 'hosts', domains: domains.filter((d): d is string => Boolean(d)) };
}

/**
 * Where an institute is opened, for every link in mail: its registered domain (a branch made on
 * the platform is registered as `<label>.<PLATFORM_DOMAIN>`) with PUBLIC_URL's scheme and port,
 * and PUBLIC_URL itself for the development institute. Never the request's Host, which whoever
 * sends the request chooses.
 */
export function canonicalOrigin(institute: Pick<Institute, 'domain'>, publicUrl: string): string {
  if (institute.domain === DEV_DOMAIN) return publicUrl;
  const base = new URL(publicUrl);
  const origin = new URL(`${base.protocol}//${institute.domain}`);
  origin.port = base.port;
  return origin.origin;
}

/** How long an unknown host is remembered: a flood of them stays cheap, a new one answers soon. */
const MISS_TTL_MS = 10_000;

/**
 * Institutes by the domain (or platform subdomain) they are served on, cached for five minutes
 * (spec 4.7); misses briefly. A change on any instance drops the names it touched on every
 * instance (`forget`, through the cache invalidation relay).
 */
export class InstituteDirectory {
  private readonly cache: TtlCache<Institute | null>;

  constructor(
    private readonly db: Db,
    private readonly invalidation: CacheInvalidation,
    ttlMs = BRANDING_CACHE_MS,
  ) {
    this.cache = invalidation.track(new TtlCache<Institute | null>({ max: 10_000, ttlMs }));
    invalidation.on((change) => {
      if (change.kind === 'hosts') for (const domain of change.domains) this.cache.delete(domain);
      if (change.kind === 'institute')
        this.cache.deleteWhere((institute) => institute?.id === change.instituteId);
    });
  }

  byDomain(domain: string): Promise<Institute | null> {
    return this.cache.load(
      domain,
      async () => {
        const [row] = await this.db
          .select()
          .from(institutes)
          .where(or(eq(institutes.domain, domain), eq(institutes.subdomain, domain)))
          .limit(1);
        return row ?? null;
      },
      (institute) => (institute ? undefined : MISS_TTL_MS),
    );
  }

  /**
   * Call after an institute changes, appears or is removed (and after the change has committed),
   * with every name it is or was served on. Inside a transaction, hand `hostsChanged(…)` to its
   * after-commit `invalidate` instead.
   */
  forget(...domains: (string | null | undefined)[]): Promise<void> {
    return this.invalidation.invalidate(hostsChanged(...domains));
  }

  /** Empties this instance's copy (tests that change the database behind the app). */
  clear() {
    this.cache.clear();
  }
}
