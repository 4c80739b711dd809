import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration into ./drizzle from the schema; the server applies
// them at start. Migrations are checked in and never edited once committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle/migrations',
});
