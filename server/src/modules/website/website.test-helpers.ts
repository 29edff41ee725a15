import type { Role } from '@schooliko/common/auth';
import { emptyWebsiteContent, type WebsiteContentInput } from '@schooliko/common/website';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { as, makeInstitute, makeUser, tokenFor } from '../../testing/factories';

/** A signed-in caller at an institute in one role: headers for app.inject. */
export async function caller(app: FastifyInstance, institute: { id: string; domain: string }, role: Role) {
  const db: Db = app.database.db;
  const user = await makeUser(db, { institute, roles: [role], firstName: 'Asha', lastName: 'Kulkarni' });
  return { user, headers: as(institute, await tokenFor(app, user, institute, role)) };
}

export async function twoInstitutes(db: Db) {
  const a = await makeInstitute(db, { name: 'Sunrise Public School', slogan: 'Learn, lead, serve' });
  const b = await makeInstitute(db, { name: 'Riverdale High' });
  return { a, b };
}

/** A filled-in builder form, as the web app sends it. */
export function sampleContent(overrides: Partial<WebsiteContentInput> = {}): WebsiteContentInput {
  const base = emptyWebsiteContent('Sunrise Public School');
  return {
    ...base,
    tagline: 'Learn, lead, serve',
    description: 'A co-educational CBSE school in Pune since 1998.',
    school_type: 'cbse',
    education_board: 'cbse',
    education_medium: 'english',
    established_year: '1998',
    contact: {
      ...base.contact,
      address: '12 Station Road, Shivajinagar',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411005',
      phone: '020 2553 1234',
      email: 'office@sunrise.example.in',
      latitude: '18.5308',
      longitude: '73.8475',
      socialMedia: { ...base.contact.socialMedia, facebook: '@sunriseschool' },
    },
    principal: {
      is_self: false,
      name: 'Dr. Meera Joshi',
      qualification: 'M.Sc., B.Ed.',
      email: '',
      phone: '',
      message: '',
    },
    statistics: { total_students: '1200', total_teachers: 64, total_classes: '' },
    facilities: ['Science laboratories', 'Library'],
    achievements: ['State science fair winners 2024'],
    vision: 'Every child curious, capable and kind.',
    mission: 'To teach with care.',
    features: { online_admission: true, fee_payment: false, parent_portal: true, teacher_portal: true },
    design: { theme_color: '#1b5e20', logo_url: '/images/school-logos/logo-1.png', banner_url: '' },
    ...overrides,
  };
}
