import { IMAGE_MAX_BYTES } from '@agent-console/contract/constants';
import { ID_PHOTO_EXTENSIONS, ID_PHOTO_TYPES } from '@agent-console/contract/real-name';
import { Messages } from '@agent-console/contract/validators';

/**
 * Spec section 5: ID photos are JPG, JPEG or PNG and under 10 MB. The browser checks the name and
 * type for a quick answer; the server checks the bytes.
 */
export function photoFileError(file: { name: string; type: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const typeOk = file.type === '' || (ID_PHOTO_TYPES as readonly string[]).includes(file.type);
  if (!(ID_PHOTO_EXTENSIONS as readonly string[]).includes(extension) || !typeOk) return Messages.imageType;
  if (file.size >= IMAGE_MAX_BYTES) return Messages.imageSize;
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
