import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instituteProfiles } from './profile.table';

/** The institute's address on one line for its prints' header (kit/letterhead.ts asks it). */
export async function letterheadAddress(tx: Db, instituteId: string): Promise<string> {
  const [profile] = await tx
    .select()
    .from(instituteProfiles)
    .where(eq(instituteProfiles.instituteId, instituteId));
  return profile
    ? [profile.address, profile.city, profile.state, profile.pincode].filter(Boolean).join(', ')
    : '';
}
