import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSeededDemo } from '../../testing/test-app';
import { DEMO_PASSWORD, DEMO_USERS } from './auth.seed';
import { memberships, users } from './auth.table';
import { signIn } from './auth.testing';

const t = useSeededDemo();

describe('the demo seed, run twice', () => {
  it('makes every demo account once, and each signs in with its roles on its host', async () => {
    const emails = DEMO_USERS.map((u) => u.email);
    const people = await t.database.db.select().from(users).where(inArray(users.email, emails));
    expect(people).toHaveLength(DEMO_USERS.length);
    const ids = people.map((p) => p.id);
    expect(
      await t.database.db.select().from(memberships).where(inArray(memberships.userId, ids)),
    ).toHaveLength(DEMO_USERS.length);

    const hostOf = (domain: string) => (domain === 'localhost' ? 'localhost:3000' : domain);
    for (const demo of DEMO_USERS) {
      for (const role of demo.roles) {
        const res = await signIn(t.app, hostOf(demo.domain), demo.email, role, DEMO_PASSWORD);
        expect(res.statusCode, `${demo.email} as ${role}`).toBe(200);
        expect(res.json().data.user).toMatchObject({
          email: demo.email,
          roles: demo.roles,
          mobile: demo.mobile,
        });
      }
    }
    const teacher = await signIn(t.app, 'localhost', 'teacher@schooliko.dev', 'parent', DEMO_PASSWORD);
    expect(teacher.json().data.user.roles).toEqual(['teacher', 'parent']);
    // The office's accountant: a teacher with the accountant's job set collects fees.
    const accountant = await signIn(t.app, 'localhost', 'accounts@schooliko.dev', 'teacher', DEMO_PASSWORD);
    expect(accountant.json().data.user.permissions).toEqual(
      expect.arrayContaining(['fees:read', 'fees:collect', 'fees:configure']),
    );
    expect(accountant.json().data.user.permissions).not.toContain('fees:cancel');
    // The front desk: a teacher with the receptionist's job set checks visitors in.
    const receptionist = await signIn(
      t.app,
      'localhost',
      'reception@schooliko.dev',
      'teacher',
      DEMO_PASSWORD,
    );
    expect(receptionist.json().data.user.permissions).toEqual(
      expect.arrayContaining(['reception:read', 'reception:write']),
    );
    const wrongHost = await signIn(
      t.app,
      'greenvalley.localhost',
      'admin@schooliko.dev',
      'admin',
      DEMO_PASSWORD,
    );
    // Not a member there: the same answer as a wrong password (the password is not confirmed).
    expect(wrongHost.statusCode).toBe(401);
    expect(wrongHost.json().code).toBe('auth.badCredentials');
  });
});
