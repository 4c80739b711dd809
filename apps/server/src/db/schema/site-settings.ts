import { sql } from 'drizzle-orm';
import { check, customType, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Raw bytes; node-postgres hands back a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/** The site's name and logo (basic settings): one row, id 1. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    name: varchar('name', { length: 20 }),
    logo: bytea('logo'),
    logoMime: text('logo_mime'),
    logoUpdatedAt: timestamp('logo_updated_at', { withTimezone: true, mode: 'date' }),
    /** When the operator last saved the settings; null until then (task 5). */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('site_settings_single_row_check', sql`${t.id} = 1`),
    check(
      'site_settings_logo_mime_check',
      sql`${t.logoMime} is null or ${t.logoMime} in ('image/png', 'image/jpeg')`,
    ),
    check('site_settings_logo_check', sql`(${t.logo} is null) = (${t.logoMime} is null)`),
  ],
);
