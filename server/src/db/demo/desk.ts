import type { EnquirySource, EnquiryState, FollowUpMode } from '@schooliko/common/desk/enquiries';
import { financialYearOf } from '@schooliko/common/fees/money';
import { and, eq } from 'drizzle-orm';
import type { ModuleSeed } from '../../kit/module';
import { admissionEnquiries } from '../../modules/admissions/admissions.table';
import { committeeMembers, complaints } from '../../modules/complaints/complaints.table';
import { enquiryFollowUps } from '../../modules/enquiries/enquiries.table';
import { postalRecords } from '../../modules/postal/postal.table';
import { staff } from '../../modules/staff/staff.table';
import { suggestions } from '../../modules/suggestions/suggestions.table';
import { nextNumber } from '../../platform/numbering/numbering.service';
import type { Db } from '../client';
import { insertAll, phone, random } from './generator';
import { BOYS, FAMILIES, GIRLS, MEN, WOMEN } from './names';

/** The classes families ask for most, named as the institute's classes are (CLASS_NAMES). */
const CLASSES = ['Nursery', 'LKG', 'UKG', 'I', 'II', 'III', 'V', 'VI', 'VIII', 'IX', 'XI'];
const SOURCES: EnquirySource[] = [
  'website',
  'walk_in',
  'walk_in',
  'phone',
  'phone',
  'referral',
  'social',
  'newspaper',
  'hoarding',
];
const OUTCOMES = [
  'Parent asked about fees and the bus route; will visit on Saturday',
  'Called, no answer; will try again',
  'Visited the campus with the child; liked the labs',
  'Wants admission only if the sibling gets a seat too',
  'Comparing with another school nearby; call next week',
  'Form collected; documents to be submitted',
  'Asked for the RTE seat status',
];
const STATES: EnquiryState[] = [
  'new',
  'new',
  'contacted',
  'contacted',
  'visit_scheduled',
  'applied',
  'admitted',
  'lost',
  'closed',
];
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The development institute's reception desk: ~150 admission enquiries over the last months (some
 * from the website) with follow-ups, the postal register, complaints (one POCSO complaint seen only
 * by the POCSO committee: the demo teacher) and suggestions. Idempotent: skipped once there are
 * complaints.
 */
export async function seedDemoDesk(
  db: Db,
  instituteId: string,
  committeeUserId: string | undefined,
  seed: number,
) {
  const [existing] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.instituteId, instituteId))
    .limit(1);
  if (existing) return;
  const r = random(seed);
  const people = await db
    .select({ id: staff.id, userId: staff.userId })
    .from(staff)
    .where(eq(staff.instituteId, instituteId))
    .limit(40);
  const counsellors = people.slice(0, 4).map((p) => p.id);
  const now = Date.now();

  const enquiries = Array.from({ length: 150 }, (_, i) => {
    const [surname] = r.pick(FAMILIES);
    const girl = r.chance(0.5);
    const created = new Date(now - r.int(0, 150) * 86_400_000 - r.int(0, 36_000) * 1000);
    const source = r.pick(SOURCES);
    const state = i < 8 ? 'new' : r.pick(STATES);
    const klass = r.pick(CLASSES);
    const mother = r.chance(0.6);
    return {
      instituteId,
      source,
      studentName: `${girl ? r.pick(GIRLS) : r.pick(BOYS)} ${surname}`,
      dateOfBirth: source === 'website' ? null : `${2010 + r.int(0, 12)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
      gender: source === 'website' ? null : girl ? ('female' as const) : ('male' as const),
      classSought: klass,
      parentName: `${mother ? r.pick(WOMEN) : r.pick(MEN)} ${surname}`,
      phone: phone(r),
      email: r.chance(0.5) ? `${surname.toLowerCase()}${r.digits(3)}@gmail.com` : '',
      message:
        source === 'website'
          ? r.pick([
              'Is there a school bus from Kothrud?',
              'What are the fees?',
              'Do you have seats left?',
              '',
            ])
          : '',
      status: state,
      counsellorId: state === 'new' || counsellors.length === 0 ? null : r.pick(counsellors),
      nextFollowUpOn: ['contacted', 'visit_scheduled', 'applied'].includes(state)
        ? day(new Date(now + r.int(-3, 10) * 86_400_000))
        : null,
      createdAt: created,
    };
  });
  const made = await db.insert(admissionEnquiries).values(enquiries).returning({
    id: admissionEnquiries.id,
    status: admissionEnquiries.status,
    createdAt: admissionEnquiries.createdAt,
  });
  const logs = made.flatMap((e) =>
    e.status === 'new'
      ? []
      : Array.from({ length: r.int(1, 3) }, (_, k) => ({
          instituteId,
          enquiryId: e.id,
          on: day(new Date(e.createdAt.getTime() + (k + 1) * 2 * 86_400_000)),
          mode: r.pick<FollowUpMode>(['call', 'call', 'visit', 'whatsapp', 'sms']),
          outcome: r.pick(OUTCOMES),
          byName: 'Ananya Iyer',
        })),
  );
  await insertAll(db, enquiryFollowUps, logs);

  // The postal register: inward and dispatch, numbered by the same counters the desk uses.
  const letters = [
    ['inward', 'CBSE Regional Office, Pune', 'Affiliation renewal: inspection schedule', 'speed_post'],
    ['inward', 'Zilla Parishad Education Dept., Pune', 'UDISE+ data submission circular', 'post'],
    ['dispatch', 'CBSE Regional Office, Pune', 'Class X registration list', 'speed_post'],
    ['inward', 'State Bank of India, Kothrud', 'Fee collection account statement', 'courier'],
    ['dispatch', 'Municipal Corporation, Pune', 'Property tax reply', 'hand'],
    ['inward', 'Bharati Vidyapeeth', 'Inter-school science fair invitation', 'post'],
    ['dispatch', 'Parents of Class VIII', 'Educational tour consent letters', 'hand'],
    ['inward', 'Maharashtra State Board', 'Teacher training workshop', 'courier'],
  ] as const;
  for (const [i, [direction, party, subject, mode]] of letters.entries()) {
    const on = day(new Date(now - (letters.length - i) * 5 * 86_400_000));
    const year = financialYearOf(on);
    const serialNo = await nextNumber(db, instituteId, `postal-${direction}`, year);
    await db.insert(postalRecords).values({
      instituteId,
      direction,
      year,
      serialNo,
      on,
      referenceNo: `REF/${year}/${100 + i}`,
      partyName: party,
      subject,
      mode,
      trackingNo: mode === 'speed_post' ? `EP${r.digits(9)}IN` : '',
      confidential: i === 3,
      addresseeStaffId: i === 3 ? (people[0]?.id ?? null) : null,
    });
  }

  // The POCSO committee: the demo teacher's staff record (and a second member).
  const [member] = committeeUserId
    ? await db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.instituteId, instituteId), eq(staff.userId, committeeUserId)))
        .limit(1)
    : [];
  if (member)
    await db
      .insert(committeeMembers)
      .values({ instituteId, committee: 'pocso', staffId: member.id })
      .onConflictDoNothing();
  const filed = [
    [
      'transport',
      'parent',
      'Rekha Pawar',
      'The school bus on the Kothrud route comes 20 minutes late every day.',
      'in_progress',
    ],
    ['facilities', 'staff', 'Anil Gaikwad', 'Drinking water cooler on the 2nd floor is leaking.', 'resolved'],
    ['fees', 'parent', 'Suresh Kulkarni', 'Receipt for the second instalment not received.', 'open'],
    ['food', 'student', 'Aditi Joshi', 'Canteen food is served cold in the afternoon break.', 'assigned'],
    ['bullying', 'parent', 'Meena Shaikh', 'My son is being teased by seniors in the bus.', 'open'],
    [
      'academics',
      'public',
      'Prakash More',
      'Loudspeaker during the annual day rehearsal late in the evening.',
      'closed',
    ],
    [
      'pocso',
      'parent',
      'Confidential',
      'A parent reported an inappropriate remark by a van attendant to a Class 4 child.',
      'open',
    ],
  ] as const;
  for (const [i, [category, kind, name, description, state]] of filed.entries())
    await db.insert(complaints).values({
      instituteId,
      category,
      committee: category === 'pocso' ? 'pocso' : null,
      complainantKind: kind,
      complainantName: name,
      description,
      state,
      assigneeStaffId: state === 'open' ? null : (people[1]?.id ?? null),
      dueOn: state === 'open' ? null : day(new Date(now + (i - 3) * 3 * 86_400_000)),
      actionTaken: state === 'resolved' || state === 'closed' ? 'Looked into and set right.' : '',
      createdAt: new Date(now - (i + 1) * 6 * 86_400_000),
    });

  await db.insert(suggestions).values([
    {
      instituteId,
      category: 'safety',
      text: 'Please add a speed breaker at the main gate.',
      anonymous: true,
      createdOn: day(new Date(now - 9 * 86_400_000)),
    },
    {
      instituteId,
      category: 'events',
      text: 'An inter-house Marathi elocution competition.',
      anonymous: false,
      senderName: 'Priya Deshpande',
      createdOn: day(new Date(now - 4 * 86_400_000)),
    },
    {
      instituteId,
      category: 'facilities',
      text: 'More benches in the parents’ waiting area.',
      anonymous: true,
      createdOn: day(new Date(now - 2 * 86_400_000)),
    },
  ]);
}

/**
 * The reception desk's demo step, declared by the enquiries module: one step for its four modules
 * (enquiries, postal, complaints, suggestions), which draw on one random sequence. The demo
 * teacher sits on the POCSO committee.
 */
export const seedDeskDemo: ModuleSeed = async (db, { devInstituteId, emails }) => {
  if (devInstituteId) await seedDemoDesk(db, devInstituteId, emails.get('teacher@schooliko.dev'), 2026);
};
