import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../platform/notifications/notifications.table';
import { as } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { caller, sampleContent, twoInstitutes } from '../website/website.test-helpers';
import { admissionEnquiries } from './admissions.table';

const t = useTestApp({ RATE_LIMITS: 'admission-ip=4/600' });

const enquiry = {
  student_name: 'Aarav Patil',
  class_sought: 'Class 5',
  parent_name: 'Sneha Patil',
  phone: '9876543210',
  email: 'sneha@example.com',
  message: 'Is there a school bus from Kothrud?',
};

async function publishedSite(onlineAdmission: boolean) {
  const { a, b } = await twoInstitutes(t.database.db);
  const admin = await caller(t.app, a, 'admin');
  const content = sampleContent();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/website/publish',
    headers: admin.headers,
    payload: { ...content, features: { ...content.features, online_admission: onlineAdmission } },
  });
  expect(res.statusCode).toBe(200);
  return { a, b, admin };
}

const send = (host: string, payload: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/public/admissions', headers: { host }, payload, remoteAddress });

describe('POST /api/public/admissions', () => {
  it('takes an enquiry while online admission is on, and tells the admins', async () => {
    const { a, admin } = await publishedSite(true);
    const res = await send(a.domain, enquiry);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Thank you! Your enquiry has been received. The institute office will contact you soon.',
    );
    const rows = await t.database.db
      .select()
      .from(admissionEnquiries)
      .where(eq(admissionEnquiries.instituteId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      studentName: 'Aarav Patil',
      classSought: 'Class 5',
      phone: '9876543210',
      status: 'new',
    });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, admin.user.id));
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe('New admission enquiry');
  });

  it('refuses with 403 while online admission is off, or before the site is published', async () => {
    const { a, b } = await publishedSite(false);
    const off = await send(a.domain, enquiry);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(
      'This institute is not taking admission enquiries online. Please contact the institute office.',
    );
    const unpublished = await send(b.domain, enquiry);
    expect(unpublished.statusCode).toBe(403);
    expect(unpublished.json().message).toBe('This institute has not published its website yet');
    expect(await t.database.db.select().from(admissionEnquiries)).toHaveLength(0);
  });

  it.each([
    ['phone', { phone: '98765' }, 'Please enter a valid 10-digit mobile number'],
    ['phone', { phone: '' }, 'Mobile number is required'],
    ['student_name', { student_name: ' ' }, "Student's name is required"],
    ['class_sought', { class_sought: '' }, 'Please enter the class sought'],
    ['parent_name', { parent_name: '' }, "Parent's name is required"],
    ['email', { email: 'sneha@' }, 'Please enter a valid email address'],
  ])('explains a bad %s', async (field, change, message) => {
    const { a } = await publishedSite(true);
    const res = await send(a.domain, { ...enquiry, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('limits how many enquiries one address sends', async () => {
    const { a } = await publishedSite(true);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(a.domain, enquiry, '10.0.0.77')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    expect((await send(a.domain, enquiry, '10.0.0.78')).statusCode).toBe(201);
  });
});

describe('GET /api/admissions', () => {
  it('lists the institute’s enquiries newest first, paginated, to its admins only', async () => {
    const { a, admin } = await publishedSite(true);
    for (const name of ['First', 'Second', 'Third']) {
      await send(a.domain, { ...enquiry, student_name: name }, `10.1.0.${name.length}`);
    }
    const page1 = await t.app.inject({
      method: 'GET',
      url: '/api/admissions?limit=2',
      headers: admin.headers,
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data.items.map((i: { student_name: string }) => i.student_name)).toEqual([
      'Third',
      'Second',
    ]);
    expect(page1.json().data.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/admissions?search=fir',
      headers: admin.headers,
    });
    expect(search.json().data.items.map((i: { student_name: string }) => i.student_name)).toEqual(['First']);

    const teacher = await caller(t.app, a, 'teacher');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admissions', headers: teacher.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admissions', headers: as(a) })).statusCode).toBe(
      401,
    );
  });
});
