import pg from 'pg';

/** Runs `work` on one connection to the PostgreSQL server at `base` (its admin database), then closes it. */
export async function onServer<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
