import { describe, expect, it } from 'vitest';
import { photoFileError } from './photo-file';

const MB = 1024 * 1024;

describe('photoFileError', () => {
  it('accepts JPG, JPEG and PNG under 10 MB', () => {
    expect(photoFileError({ name: 'a.jpg', type: 'image/jpeg', size: MB })).toBeNull();
    expect(photoFileError({ name: 'a.JPEG', type: 'image/jpeg', size: MB })).toBeNull();
    expect(photoFileError({ name: 'a.png', type: 'image/png', size: 10 * MB - 1 })).toBeNull();
  });

  it('refuses other types with the message of spec section 5', () => {
    expect(photoFileError({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
      '上传截图仅支持JPG、JPEG、PNG格式！',
    );
    expect(photoFileError({ name: 'a.png', type: 'text/html', size: 10 })).toBe(
      '上传截图仅支持JPG、JPEG、PNG格式！',
    );
    expect(photoFileError({ name: 'png', type: 'image/png', size: 10 })).toBe(
      '上传截图仅支持JPG、JPEG、PNG格式！',
    );
  });

  it('refuses 10 MB and more', () => {
    expect(photoFileError({ name: 'a.png', type: 'image/png', size: 10 * MB })).toBe(
      '上传截图大小不能超过 10MB!',
    );
  });
});
