import { envelope, FailureEnvelope } from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fail, ok, okPage, redirectTo } from './envelope';

describe('envelope helpers', () => {
  it('ok wraps an object with code 0000', () => {
    expect(ok({ a: 1 })).toEqual({ responseCode: '0000', responseMsg: '成功', object: { a: 1 } });
  });

  it('okPage adds the total count', () => {
    const page = okPage([1, 2], 40);
    expect(page).toEqual({ responseCode: '0000', responseMsg: '成功', object: [1, 2], totalCount: 40 });
    expect(envelope(z.array(z.number())).parse(page)).toEqual(page);
  });

  it('fail uses the catalogue message unless given one', () => {
    expect(fail('1003')).toEqual({ responseCode: '1003', responseMsg: '无权访问', object: null });
    expect(fail('1000', '手机号不正确')).toMatchObject({ responseMsg: '手机号不正确' });
    expect('codeUrl' in fail('1003')).toBe(false);
  });

  it('redirectTo answers 3001 with codeUrl, valid for the contract', () => {
    const reply = redirectTo('https://example.com/verify');
    expect(reply).toEqual({
      responseCode: '3001',
      responseMsg: '请前往指定页面',
      object: null,
      codeUrl: 'https://example.com/verify',
    });
    expect(FailureEnvelope.parse(reply)).toEqual(reply);
    expect(envelope(z.boolean()).parse(reply).codeUrl).toBe('https://example.com/verify');
  });
});
