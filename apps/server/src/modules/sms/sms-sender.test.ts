import { describe, expect, it } from 'vitest';
import type { SmsRepository } from './sms.repository';
import { OutboxSmsSender } from './sms-sender';

describe('OutboxSmsSender', () => {
  it('stores the message and logs one line with the masked phone and the type, never the code', async () => {
    const stored: unknown[] = [];
    const lines: string[] = [];
    const repo = { insertOutbox: async (row: unknown) => void stored.push(row) } as unknown as SmsRepository;
    const sender = new OutboxSmsSender(repo, {
      info: (obj, msg) => void lines.push(JSON.stringify({ obj, msg })),
      warn: () => {},
    });
    await sender.send(
      {
        mobilePhone: '13812345678',
        smsType: 'VERIFY_PHONE',
        code: '924615',
        content: '验证码 924615',
        at: new Date(0),
      },
      { idempotencyKey: 'sms:k1' },
    );
    expect(stored).toEqual([
      {
        mobilePhone: '13812345678',
        smsType: 'VERIFY_PHONE',
        content: '验证码 924615',
        createdAt: new Date(0),
        idempotencyKey: 'sms:k1',
      },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('138****5678');
    expect(lines[0]).toContain('VERIFY_PHONE');
    expect(lines[0]).not.toContain('924615');
    expect(lines[0]).not.toContain('13812345678');
  });
});
