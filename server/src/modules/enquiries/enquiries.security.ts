import type { Example } from '../../security/examples';
import { staffOf } from '../../security/record-makers';
import type { ResourceContext, ResourceMaker } from '../../security/resources';
import { admissionEnquiries } from '../admissions';

/** An enquiry of the owner's institute whose child carries the marker (`fresh`: a new one). */
async function enquiryOf(c: ResourceContext, fresh = false): Promise<string | undefined> {
  const make = async () => {
    const [row] = await c.world.t.database.db
      .insert(admissionEnquiries)
      .values({
        instituteId: c.owner.institute.id,
        source: 'walk_in',
        studentName: `Child ${c.owner.secret}`,
        dateOfBirth: '2019-05-01',
        gender: 'female',
        classSought: 'Class 1',
        parentName: 'Parent',
        phone: '9822012345',
      })
      .returning({ id: admissionEnquiries.id });
    return row?.id;
  };
  return fresh ? make() : c.once(`enquiry:${c.owner.label}`, make);
}

/** The security suites' makers for the enquiries routes (kit/module.ts, `security`). */
export const makers: readonly ResourceMaker[] = [
  // Admitting is tried on an enquiry of its own each time; the rest on the shared one.
  { name: 'id', under: '/api/admission-enquiries', methods: ['POST'], make: (c) => enquiryOf(c, true) },
  { name: 'id', under: '/api/admission-enquiries', make: (c) => enquiryOf(c) },
  { name: 'counsellor_id', under: '/api/admission-enquiries', make: staffOf },
];

/** Requests the enquiry routes accept where their schemas alone cannot make one. */
export const examples: Record<string, Example> = {
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
};
