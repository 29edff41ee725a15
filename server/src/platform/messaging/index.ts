import type { Db } from '../../db/client';

// Messaging's public face (scripts/boundaries.mjs): what it asks of the modules.

declare module '../../kit/hooks' {
  interface ModuleProviders {
    /** Whether the institute has the guardian: a guardian's opt-out is refused (404) otherwise. */
    'messaging.guardianExists': (tx: Db, instituteId: string, guardianId: string) => Promise<boolean>;
  }
}

export { smsTemplates } from './messaging.table';
