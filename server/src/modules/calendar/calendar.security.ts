import { classOf, yearOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { calendarEvents } from './calendar.table';

/** An event of the owner's institute whose title carries the marker (a fresh one for each cancel). */
async function eventOf(c: ResourceContext, fresh = false): Promise<string | undefined> {
  const make = async () => {
    const [row] = await c.world.t.database.db
      .insert(calendarEvents)
      .values({
        instituteId: c.owner.institute.id,
        title: `Event ${c.owner.secret}`,
        kind: 'event',
        startsOn: '2026-12-01',
        endsOn: '2026-12-01',
      })
      .returning({ id: calendarEvents.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`calendar-event:${c.owner.label}`, make);
}

/** The security suites' makers for the calendar routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  { name: 'id', under: '/api/calendar/events', methods: ['POST'], make: (c) => eventOf(c, true) },
  { name: 'id', under: '/api/calendar/events', make: (c) => eventOf(c) },
  { name: 'academic_year_id', under: '/api/calendar', make: yearOf },
  { name: 'class_ids', under: '/api/calendar', make: async (c) => [await classOf(c)] },
];
