import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertAll } from '../../db/demo/generator';
import { sections } from '../classes';
import { staff } from '../staff';
import { students } from '../students';
import { reportCardRemarks } from './exams.table';

// The class teacher's remarks on the term's report cards, for the section the demo teacher leads
// (VII-B): by how well each pupil did, in English, Hindi and a Marathi one; every fifth pupil is
// left without one, so their card prints the grade's remark.

const REMARKS = {
  high: [
    (n: string) => `${n} is a sincere and curious learner; keep up the excellent work.`,
    (n: string) => `${n} कक्षा में बहुत ध्यान से सीखते हैं और प्रश्न पूछने में संकोच नहीं करते। उत्कृष्ट प्रदर्शन जारी रखें।`,
    (n: string) => `${n} shows leadership in group work and explains concepts to classmates patiently.`,
  ],
  middle: [
    (n: string) => `${n} is regular and well-behaved; more practice in Mathematics will lift the grade.`,
    (n: string) => `${n} पढ़ाई में नियमित हैं; विज्ञान के प्रश्नों का लिखित अभ्यास बढ़ाएँ।`,
    (n: string) => `Good progress this term. ${n} should read more to improve written answers.`,
    (n: string) => `${n} अभ्यासात नियमित आहे; गणिताचा सराव वाढवल्यास अधिक प्रगती होईल.`,
  ],
  low: [
    (n: string) =>
      `${n} needs to revise daily and ask doubts in class; parents are requested to meet the class teacher.`,
    (n: string) => `${n} को प्रतिदिन अभ्यास की आवश्यकता है; गृहकार्य समय पर पूरा करें और कक्षा में ध्यान दें।`,
    (n: string) =>
      `${n} has improved since the last test; steady effort in Mathematics and English is needed.`,
  ],
};

export async function seedDemoRemarks(
  db: Db,
  instituteId: string,
  yearId: string,
  termId: string,
  ability: Map<string, number>,
) {
  const i = instituteId;
  const [led] = await db
    .select({ id: sections.id, userId: staff.userId })
    .from(sections)
    .innerJoin(staff, and(eq(staff.instituteId, sections.instituteId), eq(staff.id, sections.classTeacherId)))
    .where(and(eq(sections.instituteId, i), eq(sections.academicYearId, yearId), isNotNull(staff.userId)))
    .orderBy(asc(sections.id))
    .limit(1);
  if (!led?.userId) return;
  const writer = led.userId;
  const roster = await db
    .select({ id: students.id, firstName: students.firstName })
    .from(students)
    .where(and(eq(students.instituteId, i), eq(students.sectionId, led.id), eq(students.status, 'enrolled')))
    .orderBy(asc(sql`length(${students.rollNo})`), asc(students.rollNo), asc(students.id));
  const rows = roster.flatMap((p, n) => {
    if (n % 5 === 4) return [];
    const a = ability.get(p.id) ?? 0.6;
    const list = a > 0.75 ? REMARKS.high : a > 0.55 ? REMARKS.middle : REMARKS.low;
    const remark =
      (list[(n * 7 + Math.round(a * 100)) % list.length] ?? REMARKS.middle[0])?.(p.firstName) ?? '';
    return [
      {
        instituteId: i,
        termId,
        studentId: p.id,
        sectionId: led.id,
        remark,
        writtenBy: writer,
        writtenAt: new Date(Date.parse('2026-11-06T16:00:00+05:30') + n * 97_000),
      },
    ];
  });
  await insertAll(db, reportCardRemarks, rows);
}
