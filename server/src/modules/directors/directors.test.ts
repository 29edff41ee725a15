import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { groupDirectors, groups } from '../groups/groups.table';
import { createGroupAs, type Person, person } from '../groups/groups.testing';

const t = useTestApp({}, { each: false });

const db = () => t.database.db;
let director: Person;
beforeEach(async () => {
  await t.reset();
  director = await person(t.app, db());
});

const profile = (who: Person, id = who.user.id) =>
  t.app.inject({ method: 'GET', url: `/api/directors/profile/${id}`, headers: who.headers });
const update = (who: Person, groupData: Record<string, unknown>, id = who.user.id) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/directors/profile/${id}`,
    headers: who.headers,
    payload: { group_data: groupData },
  });

describe('GET /api/directors/profile/:id (spec 3.6, 7.3)', () => {
  it('answers no groups for a new director', async () => {
    const res = await profile(director);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      director_data: {
        director_id: director.user.id,
        institute_groups: [],
        created_group: null,
        current_group_id: null,
      },
    });
  });

  it('lists the groups with their flags and names the created one', async () => {
    const id = await createGroupAs(t.app, director, { isPrincipal: true });
    const res = await profile(director);
    expect(res.json().data.director_data).toEqual({
      director_id: director.user.id,
      institute_groups: [
        { group_id: id, group_name: 'Sunrise Schools', isPrimaryDirector: true, isPrincipal: true },
      ],
      created_group: { group_id: id },
      current_group_id: id,
    });
  });

  it("refuses another director's profile and a non-director (403)", async () => {
    const other = await person(t.app, db());
    const res = await profile(other, director.user.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(GROUP_MESSAGES.notYourProfile.text);
    const admin = await person(t.app, db(), 'admin', director.institute);
    expect((await profile(admin)).statusCode).toBe(403);
  });
});

describe('PUT /api/directors/profile/:id (spec 4.8 step two)', () => {
  it("applies the form's group data after creation (spec 7.3 body)", async () => {
    const id = await createGroupAs(t.app, director);
    const [row] = await db().select().from(groups).where(eq(groups.id, id));
    const res = await update(director, {
      group_id: id,
      group_name: 'Sunrise Group',
      group_code: row?.code,
      group_type: 'group_of_institutes',
      group_logo: null,
      group_description: 'Now bigger',
      isPrimaryDirector: true,
      isPrincipal: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.director_data.institute_groups).toEqual([
      { group_id: id, group_name: 'Sunrise Group', isPrimaryDirector: true, isPrincipal: true },
    ]);
    const [after] = await db().select().from(groups).where(eq(groups.id, id));
    expect(after).toMatchObject({
      name: 'Sunrise Group',
      type: 'group_of_institutes',
      description: 'Now bigger',
      code: row?.code,
    });
  });

  it('lets a director give up a flag but not take one without full rights', async () => {
    const id = await createGroupAs(t.app, director);
    const helper = await person(t.app, db());
    await db()
      .insert(groupDirectors)
      .values({ groupId: id, userId: helper.user.id, instituteId: helper.institute.id });
    const grab = await update(helper, { group_id: id, isPrimaryDirector: true });
    expect(grab.statusCode).toBe(403);
    expect(grab.json().message).toBe(GROUP_MESSAGES.onlyPrimaryMayChangeRoles.text);
    const principal = await update(helper, { group_id: id, isPrincipal: true });
    expect(principal.statusCode).toBe(403);
    const same = await update(helper, {
      group_id: id,
      isPrimaryDirector: false,
      group_description: 'Edited',
    });
    expect(same.statusCode).toBe(200);

    const giveUp = await update(director, { group_id: id, isPrimaryDirector: false });
    expect(giveUp.json().data.director_data.institute_groups[0].isPrimaryDirector).toBe(false);
    // The group's creator keeps full rights and may take the flag back.
    const back = await update(director, { group_id: id, isPrimaryDirector: true });
    expect(back.json().data.director_data.institute_groups[0].isPrimaryDirector).toBe(true);
  });

  it("refuses a group the director does not direct, someone else's profile and bad data", async () => {
    const other = await person(t.app, db());
    const theirs = await createGroupAs(t.app, other, { group_name: 'Theirs' });
    const res = await update(director, { group_id: theirs, group_name: 'Mine now' });
    expect(res.statusCode).toBe(403);
    const [row] = await db().select().from(groups).where(eq(groups.id, theirs));
    expect(row?.name).toBe('Theirs');

    const mine = await createGroupAs(t.app, director);
    expect((await update(other, { group_id: mine }, director.user.id)).statusCode).toBe(403);
    const empty = await update(director, { group_id: mine, group_name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Group name is required');
    const missing = await update(director, { group_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    const badLogo = await update(director, { group_id: mine, group_logo: 'https://evil.example/x.png' });
    expect(badLogo.statusCode).toBe(400);
    expect(badLogo.json().message).toBe(GROUP_MESSAGES.logoInvalid.text);
  });
});
