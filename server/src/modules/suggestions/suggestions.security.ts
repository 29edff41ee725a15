import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { suggestions } from './suggestions.table';

/** A suggestion of the owner's institute whose text carries the marker. */
async function suggestionOf(c: ResourceContext): Promise<string | undefined> {
  return c.once(`suggestion:${c.owner.label}`, async () => {
    const [row] = await c.world.t.database.db
      .insert(suggestions)
      .values({
        instituteId: c.owner.institute.id,
        category: 'other',
        text: `Suggestion ${c.owner.secret}`,
        anonymous: true,
        createdOn: '2026-07-01',
      })
      .returning({ id: suggestions.id });
    return row?.id;
  });
}

/** The security suites' makers for the suggestions routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/suggestions', make: suggestionOf },
];
