import { type AnyEndpoint, type ParamsOf, pathOf } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TestApp } from './build-test-app';

/** Helpers of the agent-management API tests (issue 4). */
export function agentMgtHelpers(t: TestApp) {
  const cookies = new Map<string, string>();
  return {
    /** A session of a demo login, made once per test (the reset before each test ends sessions). */
    async as(phone: string): Promise<string> {
      const cookie = await t.login(phone);
      cookies.set(phone, cookie);
      return cookie;
    },
    /** POST to an endpoint with path parameters; the reply is parsed with its response schema. */
    async callAt<E extends AnyEndpoint>(
      ep: E,
      params: ParamsOf<E>,
      body: unknown,
      cookie: string | undefined,
    ): Promise<z.output<E['response']>> {
      const res = await t.inject({
        method: 'POST',
        url: pathOf(ep, params as Record<string, string | number>),
        payload: body as Record<string, unknown>,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      });
      return ep.response.parse(res.json()) as z.output<E['response']>;
    },
    /** The agent id of a phone. */
    async idOf(phone: string): Promise<number> {
      const [row] = await t.rows(
        sql`select a.id from agents a join accounts c on c.id = a.user_id where c.mobile_phone = ${phone}`,
      );
      if (!row) throw new Error(`no agent with phone ${phone}`);
      return Number(row.id);
    },
    /** The id of the agent of this name (unique in the hand-written demo agents). */
    async idNamed(name: string): Promise<number> {
      const rows = await t.rows(sql`select id from agents where agent_name = ${name} order by id`);
      if (rows.length !== 1) throw new Error(`${rows.length} agents named ${name}`);
      return Number(rows[0]?.id);
    },
    /** A game's id by name. */
    async gameId(name: string): Promise<number> {
      const [row] = await t.rows(sql`select id from games where name = ${name}`);
      if (!row) throw new Error(`no game ${name}`);
      return Number(row.id);
    },
  };
}
