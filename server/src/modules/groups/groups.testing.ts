import type { Role } from '@schooliko/common/auth';
import type { GroupFormValues } from '@schooliko/common/groups';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';

/** A valid create payload (spec 3.5), with any field replaced. */
export function groupPayload(fields: Partial<GroupFormValues> = {}): GroupFormValues {
  return {
    group_name: 'Sunrise Schools',
    group_description: 'Three schools across Pune',
    group_type: 'school_chain',
    group_website: 'https://sunrise.example.in',
    group_email: 'office@sunrise.example.in',
    group_phone: '+91 20 1234 5678',
    group_address: { street: '1 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
    group_establishment_year: 1998,
    group_tags: ['CBSE', 'Day School'],
    ...fields,
  };
}

export type Person = {
  user: { id: string };
  institute: { id: string; domain: string };
  token: string;
  headers: Record<string, string>;
};

/** A signed-in person acting in one role at an institute (a new institute unless given). */
export async function person(
  app: FastifyInstance,
  db: Db,
  role: Role = 'director',
  institute?: { id: string; domain: string },
): Promise<Person> {
  const at = institute ?? (await makeInstitute(db));
  const user = await makeUser(db, { institute: at, roles: [role] });
  const token = await tokenFor(app, user, at, role);
  return { user, institute: at, token, headers: as(at, token) };
}

/** Creates a group through the API as this director; answers its id. */
export async function createGroupAs(
  app: FastifyInstance,
  who: Person,
  fields: Partial<GroupFormValues> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/groups',
    headers: who.headers,
    payload: groupPayload(fields),
  });
  if (res.statusCode !== 201) throw new Error(`group not created: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}
