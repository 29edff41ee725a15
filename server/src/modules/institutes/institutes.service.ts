import { BRANDING_CACHE_MS, type Branding } from '@schooliko/common/institutes';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Institute, institutes } from './institutes.table';

export function toBranding(institute: Institute): Branding {
  return {
    institute_id: institute.id,
    institute_code: institute.code,
    institute_name: institute.name,
    logo_url: institute.logoUrl,
    slogan: institute.slogan,
    cover_image_url: institute.coverImageUrl,
    role_images: institute.roleImages,
  };
}

/**
 * Institutes by the domain (or platform subdomain) they are served on, cached for five minutes
 * (spec 4.7). Misses are cached too, briefly, so a flood of unknown hosts stays cheap.
 */
export class InstituteDirectory {
  private readonly cache = new Map<string, { institute: Institute | null; expires: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = BRANDING_CACHE_MS,
  ) {}

  async byDomain(domain: string): Promise<Institute | null> {
    const now = Date.now();
    const hit = this.cache.get(domain);
    if (hit && hit.expires > now) return hit.institute;
    const [row] = await this.db
      .select()
      .from(institutes)
      .where(or(eq(institutes.domain, domain), eq(institutes.subdomain, domain)))
      .limit(1);
    const institute = row ?? null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(domain, { institute, expires: now + (institute ? this.ttlMs : 10_000) });
    return institute;
  }

  /** Call after an institute changes or is removed, with every name it was served on. */
  forget(...domains: (string | null | undefined)[]) {
    for (const d of domains) if (d) this.cache.delete(d);
  }

  clear() {
    this.cache.clear();
  }
}
