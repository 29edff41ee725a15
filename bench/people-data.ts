// The people data of `npm run bench` (run with tsx: it reuses the demo seed's names, which are
// TypeScript). Two commands:
//
//   tsx bench/people-data.ts fill <students> (--data-dir DIR | --url URL)
//     migrates and seeds the database as a development start does, then adds students to the
//     development institute until it has <students>. The rows are generated inside the database
//     (INSERT … SELECT FROM generate_series, no rows cross the wire) with the demo seed's names.
//   tsx bench/people-data.ts csv <rows> <file>
//     writes a students CSV of <rows> rows in the import's columns (with father and mother).
//
// Both are deterministic: the same arguments give the same rows.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { DEV_DOMAIN } from '@schooliko/common/hosts';
import { CLASS_NAMES } from '@schooliko/common/people/classes';
import { and, count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { BOYS, FAMILIES, GIRLS, LOCALITIES, MEN, WOMEN } from '../server/src/db/demo/names';
import { migrate } from '../server/src/db/migrate';
import { seedDemo } from '../server/src/db/seed';
import { academicYears, sections } from '../server/src/modules/classes/classes.table';
import { students } from '../server/src/modules/students/students.table';
import { institutes } from '../server/src/platform/institutes/institutes.table';

const texts = (list: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

async function fill(target: number, options: { url?: string; dataDir?: string }) {
  const started = Date.now();
  const database = await openDatabase(options);
  try {
    await migrate(database);
    await seedDemo(database.db);
    const db = database.db;
    const [institute] = await db
      .select({ id: institutes.id })
      .from(institutes)
      .where(eq(institutes.domain, DEV_DOMAIN));
    if (!institute) throw new Error('no development institute');
    // As a large school is: sections of about 40 (A, B, …, Z, A2, B2, …), as many as the pupils need.
    await db.execute(sql`
      insert into ${sections} (institute_id, academic_year_id, class_id, name)
      select c.institute_id, c.academic_year_id, c.class_id,
        chr(65 + k % 26) || case when k >= 26 then (k / 26 + 1)::text else '' end
      from (select s.institute_id, s.academic_year_id, s.class_id, count(*)::int as have,
              ceil(${target}::numeric / count(*) over () / 40)::int as need
            from ${sections} s join ${academicYears} y on y.institute_id = s.institute_id and y.id = s.academic_year_id
            where s.institute_id = ${institute.id} and y.is_current
            group by s.institute_id, s.academic_year_id, s.class_id) c,
        generate_series(c.have, c.need - 1) as k
      on conflict do nothing`);
    const current = await db
      .select({ id: sections.id })
      .from(sections)
      .innerJoin(
        academicYears,
        and(
          eq(academicYears.instituteId, sections.instituteId),
          eq(academicYears.id, sections.academicYearId),
        ),
      )
      .where(and(eq(sections.instituteId, institute.id), eq(academicYears.isCurrent, true)));
    const [have] = await db
      .select({ n: count() })
      .from(students)
      .where(eq(students.instituteId, institute.id));
    const missing = target - (have?.n ?? 0);
    if (missing > 0) {
      // h(k): a different pseudo-random number per row n for each k (hashint4 is in every PostgreSQL).
      const h = (k: number) => sql.raw(`abs(hashint4(n * 31 + ${k})::bigint)`);
      await db.execute(sql`
        insert into ${students} (institute_id, admission_no, first_name, middle_name, last_name, date_of_birth,
          gender, blood_group, social_category, religion, mother_tongue, apaar_id, pen, aadhaar_last4, bpl, rte,
          address, city, state, pincode, medium, house, status, section_id, admitted_on)
        select ${institute.id}::uuid, 'BN/' || lpad(n::text, 6, '0'),
          case when female then girls[1 + ${h(1)} % cardinality(girls)] else boys[1 + ${h(1)} % cardinality(boys)] end,
          men[1 + ${h(2)} % cardinality(men)], fam->>0,
          make_date(2009 + (${h(3)} % 14)::int, 1 + (${h(4)} % 12)::int, 1 + (${h(5)} % 28)::int),
          case when female then 'female' else 'male' end,
          (array['A+','B+','O+','AB+','A-','B-','O-'])[1 + ${h(6)} % 7],
          (array['general','general','general','general','obc','obc','obc','sc','st'])[1 + ${h(7)} % 9],
          fam->>1, fam->>2,
          case when ${h(8)} % 10 < 7 then lpad((${h(9)} % 1000000000000)::text, 12, '0') else '' end,
          case when ${h(10)} % 10 < 8 then '2' || lpad((${h(11)} % 10000000000)::text, 10, '0') else '' end,
          lpad((${h(12)} % 10000)::text, 4, '0'), ${h(13)} % 20 = 0, ${h(14)} % 12 = 0,
          'Flat ' || (1 + ${h(15)} % 40) || ', ' || (loc->>0), 'Pune', 'Maharashtra', loc->>1, 'english',
          (array['Tagore','Raman','Shivaji','Kalam'])[1 + ${h(16)} % 4], 'enrolled',
          sect[1 + n % cardinality(sect)], make_date(2016 + (${h(17)} % 10)::int, 6, 1 + (${h(18)} % 20)::int)
        from generate_series(${(have?.n ?? 0) + 1}::int, ${target}::int) as n,
          lateral (select ${h(0)} % 100 < 48 as female,
            ${JSON.stringify(FAMILIES)}::jsonb -> (${h(19)} % ${FAMILIES.length})::int as fam,
            ${JSON.stringify(LOCALITIES)}::jsonb -> (${h(20)} % ${LOCALITIES.length})::int as loc) as r,
          lateral (select ${texts(BOYS)} as boys, ${texts(GIRLS)} as girls, ${texts(MEN)} as men,
            array(select jsonb_array_elements_text(${JSON.stringify(current.map((s) => s.id))}::jsonb)::uuid) as sect) as lists
        on conflict do nothing`);
      await db.execute(sql`analyze ${students}`);
    }
    const [now] = await db
      .select({ n: count() })
      .from(students)
      .where(eq(students.instituteId, institute.id));
    console.log(
      JSON.stringify({
        institute: institute.id,
        students: now?.n,
        added: Math.max(0, missing),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  } finally {
    await database.close();
  }
}

/** A small deterministic generator (the demo seed's), so the same file comes out every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IMPORT_HEADER = [
  'Admission No',
  'First Name',
  'Middle Name',
  'Last Name',
  'Date of Birth',
  'Gender',
  'Section',
  'Blood Group',
  'Social Category',
  'Religion',
  'Mother Tongue',
  'APAAR ID',
  'PEN',
  'Aadhaar Last 4',
  'RTE',
  'Address',
  'City',
  'State',
  'Pincode',
  'Father Name',
  'Father Phone',
  'Mother Name',
  'Mother Phone',
];

async function csv(rows: number, file: string) {
  const r = random(12);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\r\n`)) await once(out, 'drain');
  };
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  await write(IMPORT_HEADER.join(','));
  for (let n = 1; n <= rows; n++) {
    const female = r() < 0.48;
    const [surname, religion, tongue] = pick(FAMILIES);
    const [locality, pincode] = pick(LOCALITIES);
    const father = pick(MEN);
    const cls = Math.floor(r() * CLASS_NAMES.length);
    await write(
      [
        `IMP/${String(n).padStart(6, '0')}`,
        female ? pick(GIRLS) : pick(BOYS),
        father,
        surname,
        `${String(1 + Math.floor(r() * 28)).padStart(2, '0')}/${String(1 + Math.floor(r() * 12)).padStart(2, '0')}/${2022 - cls}`,
        female ? 'F' : 'M',
        `${CLASS_NAMES[cls]}-${r() < 0.5 ? 'A' : 'B'}`,
        pick(['A+', 'B+', 'O+', 'AB+', 'O-']),
        pick(['General', 'General', 'OBC', 'SC', 'ST']),
        religion,
        tongue,
        r() < 0.7 ? digits(12) : '',
        r() < 0.8 ? `2${digits(10)}` : '',
        digits(4),
        r() < 0.08 ? 'yes' : 'no',
        `Flat ${1 + Math.floor(r() * 40)}, ${locality}`,
        'Pune',
        'Maharashtra',
        pincode,
        `${father} ${surname}`,
        `98${digits(8)}`,
        `${pick(WOMEN)} ${surname}`,
        `97${digits(8)}`,
      ]
        .map(quote)
        .join(','),
    );
  }
  out.end();
  await once(out, 'finish');
}

const [command, a, b, c] = process.argv.slice(2);
if (command === 'fill') {
  const target = Number(a);
  const url = b === '--url' ? c : undefined;
  const dataDir = b === '--data-dir' ? c : undefined;
  if (!target || (!url && !dataDir)) throw new Error('usage: fill <students> (--url URL | --data-dir DIR)');
  await fill(target, { url, dataDir });
} else if (command === 'csv') {
  if (!Number(a) || !b) throw new Error('usage: csv <rows> <file>');
  await csv(Number(a), b);
} else {
  throw new Error('usage: people-data.ts fill|csv …');
}
