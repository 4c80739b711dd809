import * as zlib from 'node:zlib';
import { deflateSync } from 'node:zlib';
import { idNumberCheckChar } from '@agent-console/contract';
import type { Services } from '../services';
import type { DemoOnboarding } from './demo-world';

export interface OnboardingTarget {
  userId: number;
  onboarding: DemoOnboarding;
}

const DEMO_NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周婷', '吴杰'];
/** The demo's Alipay accounts are the reserved example domain: nothing real. */
const demoAlipay = (userId: number) => `demo${userId}@example.com`;

/** A valid mainland ID number (right check character), different for each index. Demo data only. */
export function demoIdNumber(index: number): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const first17 = `440305${1975 + (index % 25)}${pad(1 + (index % 12), 2)}${pad(1 + (index % 28), 2)}${pad(100 + index, 3)}`;
  return first17 + idNumberCheckChar(first17);
}

const crc32 = (zlib as unknown as { crc32(data: Buffer): number }).crc32;

/** A small solid-colour PNG (a real one: signature, IHDR, IDAT, IEND), standing in for an ID photo. */
export function demoPng(rgb: [number, number, number], width = 48, height = 30): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const demoPhotos = () => ({
  front: { bytes: demoPng([66, 133, 244]), mime: 'image/png' as const },
  back: { bytes: demoPng([52, 168, 83]), mime: 'image/png' as const },
  hold: { bytes: demoPng([251, 188, 5]), mime: 'image/png' as const },
});

/**
 * Puts each demo account in its onboarding state through the product's services, with real
 * records: complete (phone verified, login password changed, identity verified with photos,
 * withdraw password and Alipay account), verified (phone and login password), phone-only,
 * under-review (phone verified, identity submitted with photos), password-set, fresh. The login
 * password stays the demo password (its hash is reused, and marked changed where the state says so).
 */
export async function seedOnboarding(
  services: Services,
  targets: readonly OnboardingTarget[],
  options: { passwordHash: string; operatorUserId: number },
): Promise<void> {
  const { users, realName, withdrawAccount } = services;
  const { passwordHash, operatorUserId } = options;
  let index = 0;
  for (const { userId, onboarding } of targets) {
    index += 1;
    if (onboarding === 'fresh') continue;
    if (onboarding === 'password-set') {
      await users.setLoginPassword(userId, passwordHash);
      continue;
    }
    await users.markPhoneVerified(userId);
    if (onboarding === 'phone-only') continue;
    const name = DEMO_NAMES[index % DEMO_NAMES.length] ?? '张伟';
    const identity = { realName: name, idNo: demoIdNumber(index), photos: demoPhotos() };
    if (onboarding === 'under-review') {
      await realName.seedSubmission(userId, identity);
      continue;
    }
    await users.setLoginPassword(userId, passwordHash);
    if (onboarding === 'verified') continue;
    // complete
    await realName.approve(operatorUserId, await realName.seedSubmission(userId, identity));
    await users.setPayPassword(userId, passwordHash);
    await withdrawAccount.seedAccount(userId, { accountNo: demoAlipay(userId), realName: name });
  }
}
