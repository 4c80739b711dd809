import { Codes, IMAGE_MAX_BYTES, Messages } from '@agent-console/contract';
import { AppError } from '../../shared/app-error';
import { type LogoMime, sniffImage } from '../settings/logo-image';

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * Decodes an ID photo's data URL and checks its bytes, whatever its name or declared type says:
 * a JPEG or PNG by magic number, and under 10 MB.
 */
export function parseIdPhoto(dataUrl: string): { bytes: Buffer; mime: LogoMime } {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) throw new AppError(Codes.INVALID_PARAMS, Messages.imageType);
  const base64 = match[2] ?? '';
  // The decoded size, known before decoding anything.
  const size =
    Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size >= IMAGE_MAX_BYTES) throw new AppError(Codes.INVALID_PARAMS, Messages.imageSize);
  const bytes = Buffer.from(base64, 'base64');
  const mime = sniffImage(bytes);
  if (!mime) throw new AppError(Codes.INVALID_PARAMS, Messages.imageType);
  return { bytes, mime };
}
