import {
  exportAgentInfoPage,
  queryAgentInfo,
  queryAgentInfoPage,
  queryAgentInfoTotal,
  searchAgentTreeNodes,
} from '@agent-console/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { sha256Hex } from '../shared/hash';
import { EXPENSIVE_CALL_LIMITS, EXPENSIVE_CALL_MESSAGES } from './expensive-calls';

/**
 * Issue 8: one agent firing many expensive calls at once (lists, totals, exports, tree searches)
 * cannot take the database from everyone: per session, 2 run, 8 more wait their turn, the rest are
 * refused with 1029. The calls below are sent together (parallel app.inject).
 */
const t = useTestApp();
const OPERATOR = '13800000000';
const CITY = '13800000003';
const { running, waiting } = EXPENSIVE_CALL_LIMITS;
const BURST = running + waiting + 4;

const sessionKey = (cookie: string) => `session:${sha256Hex(cookie.slice('ac_sid='.length))}`;
const codes = (replies: { responseCode: string }[]) => replies.map((r) => r.responseCode);
const count = (list: string[], code: string) => list.filter((c) => c === code).length;

describe('expensive calls per session', () => {
  it(`runs ${running}, queues ${waiting} and refuses the rest of a burst of list pages, with 1029`, async () => {
    const cookie = await t.login(OPERATOR);
    const replies = await Promise.all(
      Array.from({ length: BURST }, () =>
        t.call(queryAgentInfoPage, { pageNum: 1, pageSize: 30 }, { cookie }),
      ),
    );
    expect(count(codes(replies), '0000')).toBe(running + waiting);
    const refused = replies.filter((r) => r.responseCode === '1029');
    expect(refused).toHaveLength(BURST - running - waiting);
    expect(refused[0]?.responseMsg).toBe(EXPENSIVE_CALL_MESSAGES.tooMany);
    // Every turn was given back.
    expect(t.app.expensiveCalls.load(sessionKey(cookie))).toEqual({ running: 0, waiting: 0 });
  });

  it('counts totals, tree searches and exports with the list pages of the same session', async () => {
    const cookie = await t.login(OPERATOR);
    const calls: Promise<string>[] = [];
    for (let i = 0; i < BURST; i++) {
      const kind = i % 4;
      if (kind === 0) calls.push(t.call(queryAgentInfoTotal, {}, { cookie }).then((r) => r.responseCode));
      else if (kind === 1)
        calls.push(t.call(searchAgentTreeNodes, { keyword: '网' }, { cookie }).then((r) => r.responseCode));
      else if (kind === 2)
        calls.push(
          t.call(queryAgentInfoPage, { pageNum: 1, pageSize: 30 }, { cookie }).then((r) => r.responseCode),
        );
      else
        calls.push(
          t.inject({ method: 'GET', url: exportAgentInfoPage.path, headers: { cookie } }).then((res) => {
            const type = String(res.headers['content-type']);
            return type.includes('spreadsheetml')
              ? '0000'
              : (res.json() as { responseCode: string }).responseCode;
          }),
        );
    }
    const results = await Promise.all(calls);
    expect(count(results, '0000')).toBe(running + waiting);
    expect(count(results, '1029')).toBe(BURST - running - waiting);
    expect(t.app.expensiveCalls.load(sessionKey(cookie))).toEqual({ running: 0, waiting: 0 });
  });

  it('leaves other sessions and cheap calls alone', async () => {
    const busy = await t.login(OPERATOR);
    const other = await t.login(CITY);
    const burst = Array.from({ length: BURST }, () =>
      t.call(queryAgentInfoPage, { pageNum: 1, pageSize: 30 }, { cookie: busy }),
    );
    const others = Array.from({ length: running }, () =>
      t.call(queryAgentInfoPage, { pageNum: 1, pageSize: 30 }, { cookie: other }),
    );
    const cheap = Array.from({ length: BURST }, () => t.call(queryAgentInfo, {}, { cookie: busy }));
    const [burstReplies, otherReplies, cheapReplies] = await Promise.all([
      Promise.all(burst),
      Promise.all(others),
      Promise.all(cheap),
    ]);
    expect(count(codes(burstReplies), '1029')).toBe(BURST - running - waiting);
    expect(codes(otherReplies)).toEqual(Array(running).fill('0000'));
    expect(codes(cheapReplies)).toEqual(Array(BURST).fill('0000'));
  });

  it('answers a later call normally once the burst is over', async () => {
    const cookie = await t.login(OPERATOR);
    await Promise.all(
      Array.from({ length: BURST }, () =>
        t.call(queryAgentInfoPage, { pageNum: 1, pageSize: 30 }, { cookie }),
      ),
    );
    expect((await t.call(queryAgentInfoPage, { pageNum: 1, pageSize: 30 }, { cookie })).responseCode).toBe(
      '0000',
    );
  });
});
