import type { PublicSite } from '@schooliko/common/website';
import type { Db } from '../../db/client';
import type { Institute } from '../institutes/institutes.table';

// The web app's public face (scripts/boundaries.mjs): what it asks of the modules.

declare module '../../kit/hooks' {
  interface ModuleProviders {
    /** The institute's public website, drawn into the first answer of its home page (no module: the branding). */
    'webApp.publicSite': (db: Db, institute: Institute) => Promise<PublicSite>;
  }
}
