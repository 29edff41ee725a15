// EXPLAIN ANALYZE of the SQL behind each measured endpoint, written to match what the services
// send (server/src/modules/{notifications,groups,institutes,dashboard}); run at every stage so a
// slow endpoint can be told apart from a slow query, and a plan without its index is visible.

const heavy = "md5('bench-known-heavy')::uuid";
const institute1 = "md5('bench-institute-1')::uuid";

/** The joins of the student list (students.read.ts). */
const studentJoins = `FROM students s
  LEFT JOIN sections se ON se.institute_id = s.institute_id AND se.id = s.section_id
  LEFT JOIN classes c ON c.institute_id = se.institute_id AND c.id = se.class_id`;

export function planQueries(term, studentTerm = 'kulk') {
  const like = `'%${term}%'`;
  const sLike = `'%${studentTerm}%'`;
  const name = "lower(s.first_name || ' ' || s.last_name)";
  return [
    // As the app runs them: as app_user, with row-level security, in institute 1's transaction.
    {
      name: 'students page (list, no search)',
      tenant: true,
      sql: `SELECT s.*, se.name, c.name, (SELECT count(*) ${studentJoins} WHERE s.institute_id = ${institute1}) AS total
        ${studentJoins} WHERE s.institute_id = ${institute1} ORDER BY ${name}, s.id LIMIT 25`,
    },
    {
      name: `students search '${studentTerm}'`,
      tenant: true,
      sql: `SELECT s.*, se.name, c.name, count(*) OVER () ${studentJoins}
        WHERE s.institute_id = ${institute1} AND (s.admission_no ILIKE ${sLike}
          OR s.first_name || ' ' || s.last_name ILIKE ${sLike}
          OR s.first_name || ' ' || s.middle_name || ' ' || s.last_name ILIKE ${sLike} OR s.apaar_id ILIKE ${sLike})
          AND s.id IN (SELECT students_matching(${sLike}))
        ORDER BY ${name}, s.id LIMIT 25`,
    },
    {
      name: 'students count (enrolled)',
      tenant: true,
      sql: `SELECT count(*) FROM students s WHERE s.institute_id = ${institute1} AND s.status = 'enrolled'`,
    },
    {
      name: 'notifications page, skip 1000',
      sql: `SELECT * FROM notifications WHERE institute_id = ${institute1} AND recipient_id = ${heavy}
        ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET 1000`,
    },
    {
      name: 'notifications total',
      sql: `SELECT count(*) FROM notifications WHERE institute_id = ${institute1} AND recipient_id = ${heavy}`,
    },
    {
      name: 'unread count',
      sql: `SELECT count(*) FROM notifications
        WHERE institute_id = ${institute1} AND recipient_id = ${heavy} AND status = 'unread'`,
    },
    {
      name: 'group search',
      sql: `SELECT id, name, (SELECT count(*)::int FROM institutes m WHERE m.group_id = groups.id) FROM groups
        WHERE status = 'active' AND (name ILIKE ${like} OR code ILIKE ${like})
        ORDER BY lower(name), id LIMIT 20`,
    },
    {
      name: 'group list total',
      sql: `SELECT count(*) FROM groups WHERE status = 'active' AND (name ILIKE ${like} OR code ILIKE ${like})`,
    },
    {
      name: 'institute search',
      sql: `SELECT * FROM institutes WHERE name ILIKE ${like} OR code ILIKE ${like} OR domain ILIKE ${like}
        ORDER BY created_at DESC, id DESC LIMIT 10`,
    },
    {
      name: 'dashboard member counts',
      sql: `SELECT count(*) FILTER (WHERE 'admin' = ANY(roles)), count(*) FILTER (WHERE 'director' = ANY(roles)),
        count(*) FILTER (WHERE 'teacher' = ANY(roles)), count(*) FILTER (WHERE 'student' = ANY(roles)),
        count(*) FILTER (WHERE 'parent' = ANY(roles)), count(*)
        FROM memberships WHERE institute_id = ${institute1} AND status = 'active'`,
    },
    {
      name: 'dashboard recent sign-ups',
      sql: `SELECT * FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.institute_id = ${institute1}
        ORDER BY m.created_at DESC LIMIT 10`,
    },
    {
      name: 'dashboard recent decisions',
      sql: `SELECT * FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.institute_id = ${institute1} AND m.updated_at > m.created_at + interval '1 second'
        ORDER BY m.updated_at DESC LIMIT 10`,
    },
  ];
}

/** Execution time and the plan's node types (with index names), e.g. "Limit > Index Scan (x_idx)". */
export async function explain(client, query) {
  if (query.tenant) {
    await client.query('BEGIN');
    await client.query(
      `SELECT set_config('role', 'app_user', true), set_config('app.institute_id', (${institute1})::text, true)`,
    );
  }
  let rows;
  try {
    ({ rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`));
  } finally {
    if (query.tenant) await client.query('ROLLBACK');
  }
  const [root] = rows[0]['QUERY PLAN'];
  const nodes = [];
  const walk = (node) => {
    nodes.push(node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root.Plan);
  return { query: query.name, ms: Math.round(root['Execution Time'] * 100) / 100, plan: nodes.join(' > ') };
}
