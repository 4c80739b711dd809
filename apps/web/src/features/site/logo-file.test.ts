import { LOGO_MAX_BYTES } from '@agent-console/contract/setting';
import { Messages } from '@agent-console/contract/validators';
import { describe, expect, it } from 'vitest';
import { hasImageSignature, LOGO_SIZE_MESSAGE, logoFileError } from './logo-file';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]);

describe('logoFileError', () => {
  it('accepts PNG and JPEG files within the size limit', () => {
    expect(logoFileError({ name: 'logo.png', type: 'image/png', size: 1024 }, PNG)).toBeNull();
    expect(logoFileError({ name: 'LOGO.JPG', type: 'image/jpeg', size: 1024 }, JPEG)).toBeNull();
    expect(logoFileError({ name: 'a.jpeg', type: '', size: LOGO_MAX_BYTES }, JPEG)).toBeNull();
  });

  it('refuses other types by name, by declared type and by content, with the spec message', () => {
    expect(logoFileError({ name: 'logo.gif', type: 'image/gif', size: 10 }, GIF)).toBe(Messages.imageType);
    expect(logoFileError({ name: 'logo.png', type: 'image/gif', size: 10 }, PNG)).toBe(Messages.imageType);
    expect(logoFileError({ name: 'logo.png', type: 'image/png', size: 10 }, GIF)).toBe(Messages.imageType);
  });

  it('refuses files over the size limit', () => {
    expect(logoFileError({ name: 'logo.png', type: 'image/png', size: LOGO_MAX_BYTES + 1 }, PNG)).toBe(
      LOGO_SIZE_MESSAGE,
    );
  });

  it('recognises image signatures', () => {
    expect(hasImageSignature(PNG)).toBe(true);
    expect(hasImageSignature(JPEG)).toBe(true);
    expect(hasImageSignature(GIF)).toBe(false);
    expect(hasImageSignature(new Uint8Array())).toBe(false);
  });
});
