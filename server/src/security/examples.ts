import { multipart } from '../platform/uploads/uploads.testing';
import { declaredSecurity } from './declared';

/**
 * Where a route's schemas alone do not make a request it accepts (a refinement, a multipart
 * body, a field that must be left out), the values to use: DATA, keyed like the access table.
 * Generated values are kept for everything not named here; `undefined` leaves a field out.
 */
export type FilePart = { field: string; filename: string; contentType: string; data: Buffer };
export type Example = {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** A multipart/form-data body instead of JSON. */
  multipart?: { fields: Record<string, string>; file?: FilePart };
};

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const png = (field: string): FilePart => ({
  field,
  filename: 'logo.png',
  contentType: 'image/png',
  data: TINY_PNG,
});

/** A person's photo (platform/uploads/photo.routes.ts): one small PNG. */
export const photoExample: Example = { multipart: { fields: {}, file: png('file') } };

/** A student as a form sends it: every field valid (refinements the generator cannot know). */
const STUDENT_BODY = {
  admission_no: 'SEC/001',
  roll_no: '1',
  first_name: 'Ishaan',
  middle_name: '',
  last_name: 'Kulkarni',
  date_of_birth: '2016-08-14',
  gender: 'male',
  blood_group: 'B+',
  social_category: 'general',
  religion: 'Hindu',
  mother_tongue: 'Marathi',
  nationality: 'Indian',
  apaar_id: '123456789012',
  pen: '12345678901',
  aadhaar_last4: '4321',
  bpl: false,
  rte: false,
  cwsn: false,
  impairment: null,
  address: 'Kothrud, Pune',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411038',
  photo_url: '',
  previous_school: '',
  previous_tc_no: '',
  medium: 'english',
  stream: null,
  house: 'Tagore',
  section_id: null,
  admitted_on: '2026-06-10',
  // The first guardian (issue 32): a mobile the generator would not make up.
  guardian: { relation: 'mother', name: 'Sneha Kulkarni', phone: '9876543210', email: '' },
};

/** A guardian as a form sends it (a generated phone is no mobile number). */
const GUARDIAN_BODY = {
  name: 'Sneha Kulkarni',
  phone: '9876543210',
  email: 'sneha@example.com',
  occupation: 'Doctor',
  annual_income: 600000,
  education: 'graduate',
  address: 'Kothrud, Pune',
};

/** A staff member as the form sends it. */
const STAFF_BODY = {
  employee_code: 'SEC-T01',
  kind: 'teaching',
  first_name: 'Sunita',
  last_name: 'Deshpande',
  gender: 'female',
  date_of_birth: '1985-02-11',
  phone: '9822012345',
  email: 'sunita@example.com',
  designation: 'PGT Mathematics',
  department: 'Science',
  joining_date: '2019-06-15',
  qualification: 'M.Sc., B.Ed.',
  experience_years: 12,
  subjects: 'Mathematics',
  police_verification_on: '2019-05-20',
  psychometric_evaluation_on: null,
  photo_url: '',
  address: 'Kothrud, Pune',
};

const PROMOTION_BODY = {
  from_year_id: '2b1c1a4e-7c1d-4d3e-9a51-0f4c0e8b1a01',
  to_year_id: '2b1c1a4e-7c1d-4d3e-9a51-0f4c0e8b1a02',
  detained_ids: [],
  mapping: [],
  create_sections: true,
  set_current: false,
};

export const EXAMPLES: Record<string, Example> = {
  'POST /api/guardians': {
    body: { ...GUARDIAN_BODY, relation: 'mother', authorised_pickup: true, is_primary: false },
  },
  'PATCH /api/guardians/:id': { body: { ...GUARDIAN_BODY, name: undefined } },
  'POST /api/change-requests': {
    body: { entity: 'student', changes: { city: 'Pune' }, note: 'We moved' },
  },
  'POST /api/staff': { body: STAFF_BODY },
  // The suite's staff member stays active and without job sets (they would change its roles).
  'PATCH /api/staff/:id': {
    body: {
      ...STAFF_BODY,
      employee_code: undefined,
      status: undefined,
      relieved_on: undefined,
      job_sets: undefined,
    },
  },
  'POST /api/academic-years': {
    body: { name: '2031-32', starts_on: '2031-04-01', ends_on: '2032-03-31', is_current: false },
  },
  'POST /api/students': { body: STUDENT_BODY },
  'GET /api/calendar/events': { query: { from: '2026-12-01', to: '2026-12-31' } },
  'GET /api/calendar/days': { query: { from: '2026-12-01', to: '2026-12-31' } },
  'POST /api/calendar/events': { body: { starts_on: '2026-12-01', ends_on: '2026-12-02' } },
  'PATCH /api/calendar/events/:id': { body: { starts_on: '2026-12-01', ends_on: '2026-12-02' } },
  // Inside the year resources.ts makes (2030-31).
  'POST /api/calendar/terms': { body: { starts_on: '2030-05-01', ends_on: '2030-06-30' } },
  'PUT /api/timetable/bell-schedule': {
    body: { periods: [{ label: 'Period 1', kind: 'lesson', starts_at: '08:00', ends_at: '08:40' }] },
  },
  'POST /api/timetable/entries': { body: { day: 1, period: 1, room: '' } },
  'PATCH /api/timetable/entries/:id': { body: { room: '' } },
  // One view at a time: the section's.
  'GET /api/timetable': { query: { teacher_id: undefined, room: undefined } },
  // A Tuesday of the year resources.ts makes (2030-31), a working day.
  'GET /api/timetable/free-teachers': { query: { date: '2030-12-03', period: 1 } },
  'GET /api/timetable/substitutions': { query: { date: '2030-12-03' } },
  'POST /api/timetable/substitutions': { body: { date: '2030-12-03', reason: '' } },
  // Homework: files are uploaded first (POST /api/homework/files) and named by id; none here.
  'POST /api/homework': {
    body: { assigned_on: '2026-12-01', due_on: '2026-12-08', due_time: '17:30', attachment_ids: [] },
  },
  'PATCH /api/homework/:id': {
    body: { assigned_on: '2026-12-01', due_on: '2026-12-08', due_time: null, attachment_ids: undefined },
  },
  'GET /api/homework': { query: { due_from: '2026-12-01', due_to: '2031-03-31' } },
  'GET /api/homework/own': { query: { due_from: '2026-12-01', due_to: '2031-03-31' } },
  'POST /api/homework/:id/submission': { body: { text: 'My answers', file_ids: [] } },
  'POST /api/homework/submissions/:id/mark': { body: { marks: 8, feedback: 'Good' } },
  'POST /api/homework/files': {
    multipart: {
      fields: {},
      file: {
        field: 'file',
        filename: 'sheet.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  },
  // Two different years (the generator gives both fields the same id); neither exists: a 404.
  'POST /api/promotions/preview': { body: PROMOTION_BODY },
  'POST /api/promotions': { body: PROMOTION_BODY },
  'PATCH /api/students/:id': {
    body: {
      roll_no: '12',
      house: 'Raman',
      admitted_on: undefined,
      date_of_birth: undefined,
      status: undefined,
      section_id: undefined,
      photo_url: undefined,
      apaar_id: undefined,
      pen: undefined,
      aadhaar_last4: undefined,
      pincode: undefined,
      admission_no: undefined,
      impairment: undefined,
      blood_group: undefined,
      social_category: undefined,
      medium: undefined,
      stream: undefined,
      gender: undefined,
      leaving_reason: undefined,
    },
  },
  // The bearer header signs in; a generated ?access_token would replace it.
  'GET /api/notifications/stream': { query: { access_token: undefined } },
  'POST /api/groups/temp/logo': {
    headers: {
      'x-group-type': 'school_chain',
      'x-group-name': 'Security Suite Schools',
      'x-group-city': 'Pune',
      'x-group-pincode': '411001',
    },
    multipart: { fields: {}, file: png('logo') },
  },
  // A person's photo (platform/uploads/photo.routes.ts): the record's id is made by resources.ts.
  'POST /api/students/:id/photo': { multipart: { fields: {}, file: png('file') } },
  'POST /api/staff/:id/photo': { multipart: { fields: {}, file: png('file') } },
  'POST /api/auth/me/photo': { multipart: { fields: {}, file: png('file') } },
  'POST /api/uploads': {
    multipart: { fields: { folder: 'schooliko/0001_securitysuite_20240115/logo' }, file: png('file') },
  },
  // Update Profile's branding (modules/profile/branding.routes.ts): a picture, then the set.
  'POST /api/profile/branding/images': { multipart: { fields: { slot: 'logo' }, file: png('file') } },
  'PUT /api/profile/branding': {
    body: {
      institute_name: 'Security Suite School',
      slogan: 'Safe by design',
      logo_url: '/images/school-logos/logo-1.png',
      cover_image_url: '',
      role_images: { admin: '', director: '', principal: '', student: '', parent: '' },
    },
  },
  // The grant comes in X-Registration-Token; images are uploaded first (see resources.ts).
  'POST /api/domains/domain-register': { body: { registration_token: undefined } },
  // A logo must come from POST /api/groups/temp/logo; groups are tried without one.
  'POST /api/groups': { body: { group_logo: undefined } },
  'PUT /api/groups/:id': { body: { group_logo: undefined } },
};

/** The example for an operation: the suites' own, or the one its module declares. */
export function exampleOf(key: string): Example | undefined {
  return EXAMPLES[key] ?? declaredSecurity().examples[key];
}

/** A multipart/form-data body. */
export function multipartBody(fields: Record<string, string>, file?: FilePart) {
  const body = multipart(fields, file, file?.field);
  return { payload: body.payload, contentType: body.headers['content-type'] };
}
