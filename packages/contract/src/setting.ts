import * as z from 'zod/mini';
import { SiteInfo } from './agent';
import { endpoint } from './endpoint';
import { OPERATOR_ACCESS } from './roles';

export const SITE_NAME_MAX = 20;
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const UpdateSiteInfoRequest = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, '请输入站点名称'),
      z.maxLength(SITE_NAME_MAX, `站点名称最多${SITE_NAME_MAX}个字`),
    ),
  /**
   * The new logo as a base64 data URL (PNG or JPEG, at most 512 KB, checked by content on the
   * server), null to remove it, or absent to keep the current one.
   */
  logo: z.optional(
    z.nullable(
      z.string().check(z.maxLength(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 64, '站点Logo不能超过 512KB')),
    ),
  ),
});
export type UpdateSiteInfoRequest = z.input<typeof UpdateSiteInfoRequest>;

/** Basic settings (level 0): the site name and logo every console shows. */
export const updateSiteInfo = endpoint({
  path: '/api/setting/updateSiteInfo',
  access: OPERATOR_ACCESS,
  request: UpdateSiteInfoRequest,
  object: SiteInfo,
});
