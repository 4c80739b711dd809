import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { fen } from '../money';

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
    /** Withdrawals (issue 10): the smallest amount, the fee rate in 1/10000 and the fixed fee, in fen. */
    withdrawMinFen: fen('withdraw_min_fen').notNull().default(10000),
    withdrawFeeRate: integer('withdraw_fee_rate').notNull().default(0),
    withdrawFeeFixedFen: fen('withdraw_fee_fixed_fen').notNull().default(0),
    withdrawSettingUpdatedAt: timestamp('withdraw_setting_updated_at', { withTimezone: true, mode: 'date' }),
    /** Valid devices (issue 10 §4): the days a device must be active in a month, the amount per valid device in fen. */
    deviceMinDays: integer('device_min_days').notNull().default(15),
    deviceAmountFen: fen('device_amount_fen').notNull().default(500),
    deviceSettingUpdatedAt: timestamp('device_setting_updated_at', { withTimezone: true, mode: 'date' }),
    /** When the operator last saved the settings; null until then (task 5). */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('site_settings_single_row_check', sql`${t.id} = 1`),
    check(
      'site_settings_logo_mime_check',
      sql`${t.logoMime} is null or ${t.logoMime} in ('image/png', 'image/jpeg')`,
    ),
    check('site_settings_withdraw_min_check', sql`${t.withdrawMinFen} between 1 and 10000000000`),
    check('site_settings_withdraw_fee_rate_check', sql`${t.withdrawFeeRate} between 0 and 10000`),
    check('site_settings_withdraw_fee_fixed_check', sql`${t.withdrawFeeFixedFen} between 0 and 10000000`),
    check('site_settings_device_min_days_check', sql`${t.deviceMinDays} between 1 and 31`),
    check('site_settings_device_amount_check', sql`${t.deviceAmountFen} between 1 and 100000`),
    check('site_settings_logo_check', sql`(${t.logo} is null) = (${t.logoMime} is null)`),
  ],
);
