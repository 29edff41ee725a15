import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { BRANDING_ROLES } from '@schooliko/common/institutes';
import type { Db } from '../../db/client';
import { institutes, type NewInstitute } from './institutes.table';

/** The second demo institute's host (README, "Demo accounts"). */
export const GREEN_VALLEY_DOMAIN = 'greenvalley.localhost';

const roleImages = (folder: string) =>
  BRANDING_ROLES.map((role) => ({ role, image_url: `/images/roles/${folder}/${role}.jpg` }));

export const DEMO_INSTITUTES: NewInstitute[] = [
  {
    code: 'SDI001',
    name: 'Schooliko Development Institute',
    domain: DEV_DOMAIN,
    type: 'school',
    logoUrl: '/images/school-logos/logo-1.png',
    slogan: 'Learning that grows with every child',
    coverImageUrl: '/images/covers/dev-cover.jpg',
    roleImages: roleImages('dev'),
  },
  {
    code: 'GVPS01',
    name: 'Green Valley Public School',
    domain: GREEN_VALLEY_DOMAIN,
    type: 'school',
    logoUrl: '/images/school-logos/greenvalley.png',
    slogan: 'Rooted in values, reaching for the sky',
    coverImageUrl: '/images/covers/greenvalley-cover.jpg',
    roleImages: roleImages('greenvalley'),
  },
];

/** The two demo institutes, the first step of the demo seed. */
export async function seedDemoInstitutes(db: Db): Promise<void> {
  await db.insert(institutes).values(DEMO_INSTITUTES).onConflictDoNothing({ target: institutes.domain });
}
