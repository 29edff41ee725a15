import { EMPTY_PROFILE, EMPTY_SOCIAL_LINKS, type Profile } from '@schooliko/common/profile';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { instituteProfiles, type ProfileRow } from './profile.table';

export type ProfileState = Profile & { updated_at: string | null };

function toProfile(row: ProfileRow | undefined): ProfileState {
  if (!row) return { ...EMPTY_PROFILE, updated_at: null };
  return {
    website: row.website,
    address: row.address,
    landmark: row.landmark,
    pincode: row.pincode,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    publicPhone: row.publicPhone,
    publicEmail: row.publicEmail,
    socialMedia: { ...EMPTY_SOCIAL_LINKS, ...row.socialMedia },
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The institute's contact information; empty fields until someone saves it. */
export async function getProfile(db: Db, instituteId: string): Promise<ProfileState> {
  const [row] = await db
    .select()
    .from(instituteProfiles)
    .where(eq(instituteProfiles.instituteId, instituteId))
    .limit(1);
  return toProfile(row);
}

export async function saveProfile(db: Db, ctx: AuthContext, input: Profile): Promise<ProfileState> {
  const values = {
    website: input.website,
    address: input.address,
    landmark: input.landmark,
    pincode: input.pincode,
    city: input.city,
    state: input.state,
    latitude: input.latitude,
    longitude: input.longitude,
    publicPhone: input.publicPhone,
    publicEmail: input.publicEmail,
    socialMedia: input.socialMedia,
    updatedBy: ctx.userId,
  };
  const [row] = await db
    .insert(instituteProfiles)
    .values({ instituteId: ctx.institute.id, ...values })
    .onConflictDoUpdate({ target: instituteProfiles.instituteId, set: values })
    .returning();
  return toProfile(row);
}
