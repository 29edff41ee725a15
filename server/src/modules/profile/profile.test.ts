import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { caller, twoInstitutes } from '../website/website.test-helpers';

const t = useTestApp();

const valid = {
  website: 'https://sunrise.example.in',
  address: '12 Station Road, Shivajinagar',
  landmark: 'Opposite the bus depot',
  pincode: '411001',
  city: 'Pune',
  state: 'Maharashtra',
  latitude: '18.5204',
  longitude: 73.8567,
  publicPhone: '+91 20 2553 1234',
  publicEmail: 'office@sunrise.example.in',
  socialMedia: {
    facebook: 'https://www.facebook.com/sunriseschool',
    twitter: '@sunrise_pune',
    instagram: 'sunrise.pune',
    linkedin: '',
    youtube: '@SunriseSchool',
    whatsapp: '+91 98765 43210',
    telegram: '',
  },
};

describe('GET/PUT /api/profile', () => {
  it('starts empty, saves the contact information and reads it back', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const empty = await t.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ address: '', pincode: '', latitude: null, updated_at: null });
    const saved = await t.app.inject({ method: 'PUT', url: '/api/profile', headers, payload: valid });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Contact information saved');
    const read = (await t.app.inject({ method: 'GET', url: '/api/profile', headers })).json().data;
    expect(read).toMatchObject({ ...valid, latitude: 18.5204, longitude: 73.8567 });
    expect(read.updated_at).toMatch(/^\d{4}-/);
  });

  it('keeps each institute to its own profile', async () => {
    const { a, b } = await twoInstitutes(t.database.db);
    const adminA = await caller(t.app, a, 'admin');
    const adminB = await caller(t.app, b, 'admin');
    await t.app.inject({ method: 'PUT', url: '/api/profile', headers: adminA.headers, payload: valid });
    const other = await t.app.inject({ method: 'GET', url: '/api/profile', headers: adminB.headers });
    expect(other.json().data.address).toBe('');
  });

  it.each(['teacher', 'student', 'parent'] as const)('refuses a %s with 403', async (role) => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, role);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/profile',
        headers,
        payload: method === 'PUT' ? valid : undefined,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        "Only the institute's admins and its group's directors can change its contact information",
      );
    }
  });

  it.each([
    ['pincode', { pincode: '41100' }, 'Pincode must be 6 digits'],
    ['pincode', { pincode: '41100a' }, 'Pincode must be 6 digits'],
    ['state', { state: 'Orissa' }, 'Please choose a state or union territory from the list'],
    ['latitude', { latitude: '-91' }, 'Latitude must be a number between -90 and 90'],
    ['longitude', { longitude: 'east' }, 'Longitude must be a number between -180 and 180'],
    ['website', { website: 'sunrise.example.in' }, 'Website URL should start with http:// or https://'],
    [
      'socialMedia.whatsapp',
      { socialMedia: { ...valid.socialMedia, whatsapp: '12345' } },
      'Enter a WhatsApp number (10 to 15 digits) or a https://wa.me/ link',
    ],
    [
      'socialMedia.instagram',
      { socialMedia: { ...valid.socialMedia, instagram: 'two words' } },
      'Enter a link starting with https:// or a handle such as @yourschool',
    ],
    ['address', { address: 'x'.repeat(501) }, 'Please keep this under 500 characters'],
    ['publicPhone', { publicPhone: '12345' }, 'Please enter a valid phone number (10 to 15 digits)'],
    ['publicEmail', { publicEmail: 'office@' }, 'Please enter a valid email address'],
  ])('explains a bad %s', async (field, change, message) => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'admin');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers,
      payload: { ...valid, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('accepts every field empty (all are optional)', async () => {
    const { a } = await twoInstitutes(t.database.db);
    const { headers } = await caller(t.app, a, 'director');
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile', headers, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      website: '',
      state: '',
      publicPhone: '',
      publicEmail: '',
      latitude: null,
      socialMedia: { facebook: '' },
    });
  });
});
