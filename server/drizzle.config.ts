import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/src/platform/*/*.table.ts', './server/src/modules/*/*.table.ts'],
  out: './server/src/db/migrations',
});
