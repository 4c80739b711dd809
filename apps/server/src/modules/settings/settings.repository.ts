import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteSettings } from '../../db/schema/site-settings';

const ROW_ID = 1;

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SiteSettingsPatch = Partial<Omit<typeof siteSettings.$inferInsert, 'id'>>;

export function createSettingsRepository(db: Database) {
  return {
    async get(): Promise<SiteSettingsRow | null> {
      const [row] = await db.q().select().from(siteSettings).where(eq(siteSettings.id, ROW_ID));
      return row ?? null;
    },
    /** Metadata only: everything but the logo bytes. */
    async getMeta() {
      const [row] = await db
        .q()
        .select({
          name: siteSettings.name,
          logoMime: siteSettings.logoMime,
          logoUpdatedAt: siteSettings.logoUpdatedAt,
          updatedAt: siteSettings.updatedAt,
        })
        .from(siteSettings)
        .where(eq(siteSettings.id, ROW_ID));
      return row ?? null;
    },
    /** The withdrawal rules (issue 10); null before the row exists (the column defaults apply then). */
    async getWithdrawSetting() {
      const [row] = await db
        .q()
        .select({
          minFen: siteSettings.withdrawMinFen,
          feeRate: siteSettings.withdrawFeeRate,
          feeFixedFen: siteSettings.withdrawFeeFixedFen,
          updatedAt: siteSettings.withdrawSettingUpdatedAt,
        })
        .from(siteSettings)
        .where(eq(siteSettings.id, ROW_ID));
      return row ?? null;
    },
    /** The valid-device rule (issue 10 §4); null before the row exists (the column defaults apply then). */
    async getDeviceSetting() {
      const [row] = await db
        .q()
        .select({
          minDays: siteSettings.deviceMinDays,
          amountFen: siteSettings.deviceAmountFen,
          updatedAt: siteSettings.deviceSettingUpdatedAt,
        })
        .from(siteSettings)
        .where(eq(siteSettings.id, ROW_ID));
      return row ?? null;
    },
    async upsert(patch: SiteSettingsPatch): Promise<void> {
      await db
        .q()
        .insert(siteSettings)
        .values({ id: ROW_ID, ...patch })
        .onConflictDoUpdate({ target: siteSettings.id, set: patch });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
