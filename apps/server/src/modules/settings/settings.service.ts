import type {
  DeviceSetting,
  DeviceSettingRequest,
  SiteInfo,
  UpdateSiteInfoRequest,
  WithdrawSetting,
  WithdrawSettingRequest,
} from '@agent-console/contract';
import type { Clock } from '../../shared/clock';
import { formatChinaTime } from '../../shared/time';
import { type LogoMime, parseLogoDataUrl } from './logo-image';
import type { SettingsRepository, SiteSettingsPatch } from './settings.repository';

export const SITE_LOGO_PATH = '/api/agent/site-logo';

/** The logo's URL carries its version, so browsers may cache each version for good. */
const logoUrl = (updatedAt: Date) => `${SITE_LOGO_PATH}?v=${updatedAt.getTime()}`;

/** The withdrawal rules before the operator saves any: at least 100.00 元, no fee. */
export const DEFAULT_WITHDRAW_SETTING = { minAmount: 10000, feeRate: 0, feeFixed: 0 } as const;

/** The valid-device rule before the operator saves one: 15 active days a month, 5.00 元 per valid device. */
export const DEFAULT_DEVICE_SETTING = { minDays: 15, amountPerDevice: 500 } as const;

export function createSettingsService(repo: SettingsRepository, clock: Clock) {
  const deviceSetting = async (): Promise<DeviceSetting> => {
    const row = await repo.getDeviceSetting();
    if (!row) return { ...DEFAULT_DEVICE_SETTING, updateTime: null };
    return {
      minDays: row.minDays,
      amountPerDevice: row.amountFen,
      updateTime: row.updatedAt ? formatChinaTime(row.updatedAt) : null,
    };
  };
  const withdrawSetting = async (): Promise<WithdrawSetting> => {
    const row = await repo.getWithdrawSetting();
    if (!row) return { ...DEFAULT_WITHDRAW_SETTING, updateTime: null };
    return {
      minAmount: row.minFen,
      feeRate: row.feeRate,
      feeFixed: row.feeFixedFen,
      updateTime: row.updatedAt ? formatChinaTime(row.updatedAt) : null,
    };
  };
  const siteInfo = async (): Promise<SiteInfo> => {
    const meta = await repo.getMeta();
    return {
      logo: meta?.logoMime && meta.logoUpdatedAt ? logoUrl(meta.logoUpdatedAt) : null,
      name: meta?.name ?? null,
    };
  };

  return {
    siteInfo,
    /** The withdrawal rules of 基础设置 (issue 10): minimum, fee rate (1/10000) and fixed fee, in fen. */
    withdrawSetting,
    async updateWithdrawSetting(input: WithdrawSettingRequest): Promise<WithdrawSetting> {
      await repo.upsert({
        withdrawMinFen: input.minAmount,
        withdrawFeeRate: input.feeRate,
        withdrawFeeFixedFen: input.feeFixed,
        withdrawSettingUpdatedAt: clock(),
      });
      return withdrawSetting();
    },

    /** The valid-device rule of 基础设置 (issue 10 §4): days a month, amount per valid device in fen. */
    deviceSetting,
    async updateDeviceSetting(input: DeviceSettingRequest): Promise<DeviceSetting> {
      await repo.upsert({
        deviceMinDays: input.minDays,
        deviceAmountFen: input.amountPerDevice,
        deviceSettingUpdatedAt: clock(),
      });
      return deviceSetting();
    },

    /** Saves the name and, when given, the new logo (null removes it; absent keeps it). */
    async update(input: UpdateSiteInfoRequest): Promise<SiteInfo> {
      const now = clock();
      const patch: SiteSettingsPatch = { name: input.name.trim(), updatedAt: now };
      if (input.logo === null) Object.assign(patch, { logo: null, logoMime: null, logoUpdatedAt: now });
      else if (input.logo !== undefined) {
        const { bytes, mime } = parseLogoDataUrl(input.logo);
        Object.assign(patch, { logo: bytes, logoMime: mime, logoUpdatedAt: now });
      }
      await repo.upsert(patch);
      return siteInfo();
    },

    async logo(): Promise<{ bytes: Buffer; mime: LogoMime; version: number } | null> {
      const row = await repo.get();
      if (!row?.logo || !row.logoMime || !row.logoUpdatedAt) return null;
      return { bytes: row.logo, mime: row.logoMime as LogoMime, version: row.logoUpdatedAt.getTime() };
    },

    /** Task 5 (content configuration) is done once the settings have been saved. */
    async isConfigured(): Promise<boolean> {
      return (await repo.getMeta())?.updatedAt != null;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
