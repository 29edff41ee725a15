import type { Db } from '../../db/client';

// Uploads' public face (scripts/boundaries.mjs): what it asks of the modules.

declare module '../../kit/hooks' {
  interface ModuleProviders {
    /**
     * The registration in progress a token opens (a BDR registering a domain uploads before
     * signing in), or null when the token is unknown, used or expired: such an upload is a 401.
     */
    'uploads.registrationGrant': (db: Db, token: string) => Promise<{ bdrId: string } | null>;
  }
}

// People's photos (private, issue 27): their routes and the pieces a person's own photo reuses.
export * from './photo.routes';
