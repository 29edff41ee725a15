import type { Example } from './examples';

/** Requests the desk's routes accept (examples.ts spreads these). */
export const DESK_EXAMPLES: Record<string, Example> = {
  'GET /api/admission-enquiries/funnel': { query: { from: '2026-04-01' } },
  'POST /api/admission-enquiries': {
    body: {
      source: 'walk_in',
      student_name: 'Ishaan Kulkarni',
      date_of_birth: '2020-03-14',
      gender: 'male',
      class_sought: 'Class 1',
      previous_school: '',
      parent_name: 'Pooja Kulkarni',
      phone: '9822012345',
      email: '',
      address: '',
      message: '',
      next_follow_up_on: '2026-12-01',
    },
  },
  'PATCH /api/admission-enquiries/:id': { body: { next_follow_up_on: '2026-12-01' } },
  'POST /api/admission-enquiries/:id/follow-ups': {
    body: { on: '2026-06-02', mode: 'call', outcome: 'Called the parent', next_on: '2026-06-09' },
  },
  // The child's birth date and gender come from the enquiry; the form's other fields are left out.
  'POST /api/admission-enquiries/:id/admit': {
    body: {
      admission_no: 'ENQ-1',
      first_name: 'Ira',
      last_name: '',
      ...Object.fromEntries(
        [
          'admitted_on',
          'date_of_birth',
          'section_id',
          'photo_url',
          'apaar_id',
          'pen',
          'aadhaar_last4',
          'pincode',
          'impairment',
          'blood_group',
          'social_category',
          'medium',
          'stream',
          'gender',
        ].map((field) => [field, undefined]),
      ),
    },
  },
  'POST /api/postal-records': {
    body: {
      direction: 'inward',
      on: '2026-07-01',
      reference_no: 'REF-1',
      party_name: 'CBSE Regional Office',
      party_address: '',
      subject: '',
      mode: 'post',
      tracking_no: '',
      confidential: false,
      addressee_staff_id: undefined,
    },
  },
  'POST /api/postal-records/:id/scan': {
    multipart: {
      fields: {},
      file: {
        field: 'file',
        filename: 'letter.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  },
  'PATCH /api/complaints/:id': { body: { due_on: '2026-12-15', action_taken: 'Looked into it' } },
  'PUT /api/complaints/committees': { body: { committee: 'posh' } },
};
