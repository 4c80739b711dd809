import { Codes, LOGO_MAX_BYTES } from '@agent-console/contract';
import { AppError } from '../../shared/app-error';

export type LogoMime = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type by its first bytes (never by its name or declared type); null when neither. */
export function sniffImage(bytes: Buffer): LogoMime | null {
  if (
    bytes.length > 24 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return 'image/png';
  }
  if (bytes.length > 4 && bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

const DATA_URL = /^data:(image\/(?:png|jpe?g));base64,([A-Za-z0-9+/]*={0,2})$/;
const TYPE_MESSAGE = '站点Logo仅支持 PNG、JPG 格式';

/** Decodes a logo data URL and checks it by content: a real PNG or JPEG of at most 512 KB. */
export function parseLogoDataUrl(dataUrl: string): { bytes: Buffer; mime: LogoMime } {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) {
    throw new AppError(
      Codes.INVALID_PARAMS,
      dataUrl.startsWith('data:image/') ? TYPE_MESSAGE : '站点Logo格式不正确',
    );
  }
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError(Codes.INVALID_PARAMS, '站点Logo不能超过 512KB');
  const mime = sniffImage(bytes);
  if (!mime) throw new AppError(Codes.INVALID_PARAMS, TYPE_MESSAGE);
  return { bytes, mime };
}
