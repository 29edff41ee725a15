// The data set of `npm run bench:scale`, generated inside PostgreSQL (INSERT ... SELECT FROM
// generate_series: no rows cross the wire). Every id is md5('<kind>-<n>')::uuid, so rows of one
// stage can name rows of another without a lookup, and each stage only adds numbers from..to.
//
// Shape at full size: 1,000 institutes of 200 members each (200,000 users), 2,000 groups with
// one or two directors, two institutes in three belonging to a group, 2,000,000 notifications
// spread over all users (about 10 each, 30% unread), plus the known users the benchmark signs in:
// at institute 1, which also has 10,000 more members, one of them with 10,000 notifications.

export const FULL = { institutes: 1_000 };
export const MEMBERS_PER_INSTITUTE = 200;
export const HEAVY_NOTIFICATIONS = 10_000;
export const BIG_INSTITUTE_MEMBERS = 10_000;
export const PASSWORD = 'Schooliko@123';
/** Students of every institute (1,000,000 at full size), in 15 classes of 2 sections. */
export const STUDENTS_PER_INSTITUTE = 1_000;
/** Nursery, LKG, UKG, then I to XII. */
export const CLASSES = 15;

/** Row counts for a fraction of full size; everything follows from the number of institutes. */
export function sizes(fraction) {
  const institutes = Math.max(1, Math.round(FULL.institutes * fraction));
  return {
    institutes,
    users: institutes * MEMBERS_PER_INSTITUTE,
    groups: institutes * 2,
    notifications: institutes * 2_000,
    students: institutes * STUDENTS_PER_INSTITUTE,
  };
}

export const instituteDomain = (n) => `b${n}.bench.localhost`;

/** People the benchmark signs in as; all at institute 1. */
export const KNOWN = {
  heavy: { email: 'bench-heavy@bench.schooliko.dev', role: 'admin', operator: false },
  director: { email: 'bench-director@bench.schooliko.dev', role: 'director', operator: false },
  operator: { email: 'bench-operator@bench.schooliko.dev', role: 'admin', operator: true },
};

const words = (list) => `ARRAY[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
const PREFIXES = words([
  'Green Valley',
  'Sunrise',
  'Little Flower',
  "St. Xavier's",
  'Modern',
  'Saraswati',
  'Delhi Public',
  'Holy Cross',
  'Vidya Niketan',
  'Podar',
  'Kendriya',
  'Shri Ram',
  'Bal Bharati',
  'New Horizon',
  'Silver Oak',
  'Blue Bells',
  'Navodaya',
  'Gurukul',
  'Orchid',
  'Lotus',
]);
const KINDS = words([
  'Public School',
  'High School',
  'Vidyalaya',
  'Academy',
  'Junior College',
  'Convent School',
  'English Medium School',
  'International School',
]);
const GROUP_KINDS = words([
  'Education Society',
  'Educational Trust',
  'Foundation',
  'Group of Schools',
  'Vidya Mandal',
  'Academy Network',
  'Shikshan Sanstha',
  'Institutions',
]);
const CITIES = words([
  'Pune',
  'Mumbai',
  'Nagpur',
  'Nashik',
  'Aurangabad',
  'Kolhapur',
  'Solapur',
  'Thane',
  'Indore',
  'Bhopal',
  'Jaipur',
  'Lucknow',
  'Patna',
  'Delhi',
  'Noida',
  'Gurugram',
  'Ahmedabad',
  'Surat',
  'Vadodara',
  'Bengaluru',
  'Mysuru',
  'Hyderabad',
  'Chennai',
  'Kochi',
  'Kolkata',
]);
const FIRST = words([
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Ananya',
  'Diya',
  'Aadhya',
  'Saanvi',
  'Myra',
  'Pari',
  'Anika',
  'Navya',
  'Kiara',
  'Riya',
]);
const LAST = words([
  'Sharma',
  'Verma',
  'Patil',
  'Deshmukh',
  'Kulkarni',
  'Joshi',
  'Iyer',
  'Nair',
  'Reddy',
  'Gupta',
  'Singh',
  'Yadav',
  'Khan',
  'Shaikh',
  'Pawar',
  'Jadhav',
  'Mehta',
  'Shah',
  'Das',
  'Bose',
]);
const INSTITUTE_TYPES = words(['school', 'school', 'school', 'college', 'preschool', 'coaching-center']);
const GROUP_TYPES = words([
  'school_chain',
  'college_chain',
  'universities',
  'group_of_institutes',
  'computer_center_chain',
  'sports_club',
]);
const NOTIFICATION_TYPES = words(['membership-request', 'approval', 'info', 'join-request', 'rejection']);

const id = (kind, n) => `md5('bench-${kind}-' || (${n}))::uuid`;
/** Member n belongs to institute 1 + (n - 1) / 200; n % 100 decides the role. */
const instituteOf = (n) => `(1 + ((${n}) - 1) / ${MEMBERS_PER_INSTITUTE})`;
const roleOf = (n) => `CASE WHEN (${n}) % 100 < 2 THEN 'admin' WHEN (${n}) % 100 = 2 THEN 'director'
  WHEN (${n}) % 100 < 13 THEN 'teacher' WHEN (${n}) % 100 < 73 THEN 'student' ELSE 'parent' END`;

/**
 * The statements that grow the data set from `from` to `to` (two sizes() results), with their
 * parameters. `hash` is a real argon2id hash of PASSWORD, shared by every generated user.
 */
export function fillStatements(from, to, hash) {
  const range = (k) => [from[k] + 1, to[k]];
  const first = from.institutes === 0;
  const statements = [
    {
      what: 'institutes',
      sql: `INSERT INTO institutes (id, code, name, domain, type, group_id, created_at, updated_at)
        SELECT ${id('institute', 'i')}, 'BI' || lpad(i::text, 6, '0'),
          (${PREFIXES})[1 + i % 20] || ' ' || (${KINDS})[1 + (i / 20) % 8] || ', ' || (${CITIES})[1 + (i * 7) % 25],
          'b' || i || '.bench.localhost', (${INSTITUTE_TYPES})[1 + i % 6],
          CASE WHEN i % 3 = 0 THEN NULL ELSE ${id('group', `1 + (i * 7) % $3::int`)} END, t, t
        FROM generate_series($1::int, $2::int) AS i,
          LATERAL (SELECT now() - (i % 1500) * interval '11 hours' AS t) AS ts`,
      params: [...range('institutes'), to.groups],
    },
    {
      what: 'users',
      sql: `INSERT INTO users (id, email, password_hash, first_name, last_name, mobile, created_at, updated_at)
        SELECT ${id('user', 'u')}, 'user' || u || '@bench.schooliko.dev', $3::text,
          (${FIRST})[1 + u % 20], (${LAST})[1 + (u / 20) % 20], '9' || lpad((u % 1000000000)::text, 9, '0'), t, t
        FROM generate_series($1::int, $2::int) AS u,
          LATERAL (SELECT now() - ((u * 7919) % 730) * interval '1 day' - (u % 86400) * interval '1 second' AS t) AS ts`,
      params: [...range('users'), hash],
    },
    {
      // Teacher, student and parent sign-ups wait for an admin: about 3% still do, the others
      // were approved 1 to 48 hours after they signed up (the dashboard's recent decisions).
      what: 'memberships',
      sql: `INSERT INTO memberships (institute_id, user_id, roles, requested_roles, status, created_at, updated_at)
        SELECT ${id('institute', instituteOf('u'))}, ${id('user', 'u')},
          CASE WHEN pending THEN '{}'::text[] ELSE ARRAY[role] END,
          CASE WHEN pending THEN ARRAY[role] ELSE '{}'::text[] END,
          CASE WHEN pending THEN 'pending' ELSE 'active' END,
          t, t + CASE WHEN approved THEN (1 + u % 48) * interval '1 hour' ELSE interval '0' END
        FROM generate_series($1::int, $2::int) AS u,
          LATERAL (SELECT ${roleOf('u')} AS role) AS r,
          LATERAL (SELECT role IN ('teacher', 'student', 'parent') AND u % 37 = 0 AS pending,
            role IN ('teacher', 'student', 'parent') AND u % 37 <> 0 AS approved,
            now() - ((u * 7919) % 730) * interval '1 day' - (u % 86400) * interval '1 second' AS t) AS p`,
      params: range('users'),
    },
    {
      // Group g is run by member 100 (g - 1) + 2 (a director); one in fifty is inactive.
      what: 'groups',
      sql: `INSERT INTO groups (id, code, name, type, description, email, phone, street, city, state, pincode, tags, status, created_by, created_at, updated_at)
        SELECT ${id('group', 'g')}, 'GRP-' || upper(lpad(to_hex(g), 6, '0')),
          (${PREFIXES})[1 + g % 20] || ' ' || (${GROUP_KINDS})[1 + (g / 20) % 8] || ' ' || (${CITIES})[1 + (g * 3) % 25],
          (${GROUP_TYPES})[1 + g % 6], 'A chain of institutes run together since ' || (1950 + g % 70),
          'office' || g || '@bench.schooliko.dev', '9' || lpad(g::text, 9, '0'), g || ' Station Road',
          (${CITIES})[1 + (g * 3) % 25], 'Maharashtra', lpad((411000 + g % 999)::text, 6, '0'), ARRAY['bench'],
          CASE WHEN g % 50 = 0 THEN 'inactive' ELSE 'active' END, ${id('user', '100 * (g - 1) + 2')}, t, t
        FROM generate_series($1::int, $2::int) AS g,
          LATERAL (SELECT now() - (g % 900) * interval '1 day' AS t) AS ts`,
      params: range('groups'),
    },
    {
      what: 'group directors',
      sql: `INSERT INTO group_directors (group_id, user_id, institute_id, is_primary, created_at, updated_at)
        SELECT ${id('group', 'g')}, ${id('user', 'd')}, ${id('institute', instituteOf('d'))}, d = 100 * (g - 1) + 2, now(), now()
        FROM generate_series($1::int, $2::int) AS g,
          LATERAL (SELECT 100 * (g - 1) + 2 AS d UNION ALL SELECT 100 * (g - 2) + 2 WHERE g % 4 = 0) AS ds`,
      params: range('groups'),
    },
    {
      what: 'notifications',
      sql: `INSERT INTO notifications (institute_id, recipient_id, type, title, message, status, created_at, updated_at)
        SELECT ${id('institute', instituteOf('u'))}, ${id('user', 'u')}, (${NOTIFICATION_TYPES})[1 + n % 5],
          'Notice ' || n, 'Something at your institute needs your attention (' || n || ')',
          CASE WHEN n % 10 < 3 THEN 'unread' ELSE 'read' END, t, t
        FROM generate_series($1::bigint, $2::bigint) AS n,
          LATERAL (SELECT (1 + (n * 104729) % $3::bigint)::int AS u,
            now() - (n % 365) * interval '1 day' - ((n * 17) % 86400) * interval '1 second' AS t) AS r`,
      params: [...range('notifications'), to.users],
    },
  ];
  statements.push(...peopleStatements(from, to));
  if (first) statements.push(...knownUsers(hash), bigInstitute(to.users));
  return statements;
}

/**
 * Each new institute's current year, its 15 classes with sections A and B, and its
 * STUDENTS_PER_INSTITUTE students spread over the sections, with Indian names (FIRST holds 10
 * boys' names, then 10 girls'; 1 in 20 is a Kulkarni), UDISE+ fields, 95% enrolled and the rest
 * left or passed out.
 */
function peopleStatements(from, to) {
  const range = [from.institutes + 1, to.institutes];
  const h = (k) => `abs(hashint4(s * 31 + ${k})::bigint)`;
  const female = `${h(0)} % 100 < 48`;
  const className = `CASE WHEN c <= 3 THEN (ARRAY['Nursery', 'LKG', 'UKG'])[c] ELSE to_char(c - 3, 'FMRN') END`;
  return [
    {
      what: 'academic years',
      sql: `INSERT INTO academic_years (institute_id, id, name, starts_on, ends_on, is_current)
        SELECT ${id('institute', 'i')}, ${id('year', 'i')}, '2026-27', '2026-04-01', '2027-03-31', true
        FROM generate_series($1::int, $2::int) AS i`,
      params: range,
    },
    {
      what: 'classes',
      sql: `INSERT INTO classes (institute_id, id, name, sort_order)
        SELECT ${id('institute', 'i')}, ${id('class', "i || '-' || c")}, ${className}, c
        FROM generate_series($1::int, $2::int) AS i, generate_series(1, ${CLASSES}) AS c`,
      params: range,
    },
    {
      what: 'sections',
      sql: `INSERT INTO sections (institute_id, id, class_id, academic_year_id, name, capacity, room)
        SELECT ${id('institute', 'i')}, ${id('section', "i || '-' || c || x")}, ${id('class', "i || '-' || c")},
          ${id('year', 'i')}, x, 40, 'Room ' || (c * 2 + (x = 'B')::int)
        FROM generate_series($1::int, $2::int) AS i, generate_series(1, ${CLASSES}) AS c,
          unnest(ARRAY['A', 'B']) AS x`,
      params: range,
    },
    {
      // Student s of the institute i = 1 + (s - 1) / 1000, in section (class 1 + s % 15, A or B).
      what: 'students',
      sql: `INSERT INTO students (institute_id, id, admission_no, roll_no, first_name, middle_name, last_name,
          date_of_birth, gender, blood_group, social_category, religion, mother_tongue, apaar_id, pen,
          aadhaar_last4, rte, address, city, state, pincode, status, section_id, admitted_on, created_at, updated_at)
        SELECT ${id('institute', 'i')}, ${id('student', 's')}, (2016 + s % 10) || '/' || lpad(((s - 1) % ${STUDENTS_PER_INSTITUTE} + 1)::text, 4, '0'),
          '', (${FIRST})[CASE WHEN ${female} THEN 11 ELSE 1 END + ${h(1)} % 10],
          (${FIRST})[1 + ${h(2)} % 10], (${LAST})[1 + ${h(3)} % 20],
          make_date(2008 + (${h(4)} % 15)::int, 1 + (${h(5)} % 12)::int, 1 + (${h(6)} % 28)::int),
          CASE WHEN ${female} THEN 'female' ELSE 'male' END, (ARRAY['A+','B+','O+','AB+','O-'])[1 + ${h(7)} % 5],
          (ARRAY['general','general','obc','sc','st'])[1 + ${h(8)} % 5], 'Hindu', 'Marathi',
          CASE WHEN ${h(9)} % 10 < 7 THEN lpad((${h(10)} % 1000000000000)::text, 12, '0') ELSE '' END,
          CASE WHEN ${h(11)} % 10 < 8 THEN '2' || lpad((${h(12)} % 10000000000)::text, 10, '0') ELSE '' END,
          lpad((${h(13)} % 10000)::text, 4, '0'), ${h(14)} % 12 = 0, 'Flat ' || (1 + s % 40) || ', Station Road',
          (${CITIES})[1 + (i * 7) % 25], 'Maharashtra', lpad((411000 + s % 999)::text, 6, '0'),
          CASE WHEN s % 20 = 0 THEN 'left' WHEN s % 20 = 1 THEN 'passed_out' ELSE 'enrolled' END,
          ${id('section', `i || '-' || (1 + s % ${CLASSES}) || (CASE WHEN s % 2 = 0 THEN 'A' ELSE 'B' END)`)},
          make_date(2016 + (s % 10)::int, 6, 1 + (s % 20)::int), t, t
        FROM generate_series($1::int, $2::int) AS s,
          LATERAL (SELECT 1 + (s - 1) / ${STUDENTS_PER_INSTITUTE} AS i,
            now() - (s % 900) * interval '1 day' AS t) AS r`,
      params: [from.students + 1, to.students],
    },
  ];
}

/**
 * Institute 1, where the benchmark signs in, is a big one: members 201..10,200 belong to it as
 * well as to their own institute, so its dashboard counts and sorts 10,000 memberships.
 */
function bigInstitute(users) {
  return {
    what: 'second memberships at institute 1',
    sql: `INSERT INTO memberships (institute_id, user_id, roles, status, created_at, updated_at)
      SELECT ${id('institute', '1')}, ${id('user', 'u')}, ARRAY[role], 'active', t,
        t + CASE WHEN role IN ('admin', 'director') THEN interval '0' ELSE (1 + u % 48) * interval '1 hour' END
      FROM generate_series(${MEMBERS_PER_INSTITUTE + 1}, LEAST($1::int, $2::int)) AS u,
        LATERAL (SELECT ${roleOf('u')} AS role,
          now() - ((u * 31) % 400) * interval '1 day' - (u % 3600) * interval '1 second' AS t) AS r`,
    params: [BIG_INSTITUTE_MEMBERS + MEMBERS_PER_INSTITUTE, users],
  };
}

/** The signed-in users, at institute 1; the heavy one has HEAVY_NOTIFICATIONS of their own. */
function knownUsers(hash) {
  const rows = Object.entries(KNOWN).map(([key, k]) => ({ key, ...k }));
  return [
    ...rows.map((k) => ({
      what: `known user ${k.key}`,
      sql: `INSERT INTO users (id, email, password_hash, first_name, last_name, mobile, is_operator)
        VALUES (${id('known', `'${k.key}'`)}, $1, $2, 'Bench', $3, '9999999999', $4)`,
      params: [k.email, hash, k.key, k.operator],
    })),
    ...rows.map((k) => ({
      what: `membership ${k.key}`,
      sql: `INSERT INTO memberships (institute_id, user_id, roles, status)
        VALUES (${id('institute', '1')}, ${id('known', `'${k.key}'`)}, ARRAY[$1::text], 'active')`,
      params: [k.role],
    })),
    {
      what: 'group director bench-director',
      sql: `INSERT INTO group_directors (group_id, user_id, institute_id, is_primary)
        VALUES (${id('group', '1')}, ${id('known', "'director'")}, ${id('institute', '1')}, false)`,
      params: [],
    },
    {
      what: 'notifications of bench-heavy',
      sql: `INSERT INTO notifications (institute_id, recipient_id, type, title, message, status, created_at, updated_at)
        SELECT ${id('institute', '1')}, ${id('known', "'heavy'")}, (${NOTIFICATION_TYPES})[1 + n % 5],
          'Notice ' || n, 'A sign-up is waiting for your approval (' || n || ')',
          CASE WHEN n % 10 < 3 THEN 'unread' ELSE 'read' END, t, t
        FROM generate_series(1, $1::int) AS n, LATERAL (SELECT now() - n * interval '37 minutes' AS t) AS ts`,
      params: [HEAVY_NOTIFICATIONS],
    },
  ];
}
