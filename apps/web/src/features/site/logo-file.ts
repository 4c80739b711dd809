import { LOGO_MAX_BYTES } from '@agent-console/contract/setting';
import { Messages } from '@agent-console/contract/validators';

export const LOGO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const LOGO_SIZE_MESSAGE = `站点Logo大小不能超过 ${LOGO_MAX_BYTES / 1024}KB!`;

const EXTENSIONS = ['jpg', 'jpeg', 'png'];
const MIME_TYPES = ['image/jpeg', 'image/png'];

/** The file really is a PNG or a JPEG: its first bytes, not only its name, say so. */
export function hasImageSignature(head: Uint8Array): boolean {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const isPng = png.every((byte, i) => head[i] === byte);
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return isPng || isJpeg;
}

/**
 * Checks a chosen logo in the browser before anything is sent: JPG, JPEG or PNG (spec section 5's
 * upload rule and message) and at most 512 KB (the contract's limit). Null when it is fine.
 */
export function logoFileError(
  file: { name: string; type: string; size: number },
  head: Uint8Array,
): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = EXTENSIONS.includes(extension) && (file.type === '' || MIME_TYPES.includes(file.type));
  if (!typeOk || !hasImageSignature(head)) return Messages.imageType;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}

export async function readHead(file: Blob, bytes = 8): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read'));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}
