/** Calls of the real app for the benches: timed, checked against the contract, signed in. */
import { type AnyEndpoint, login } from '@agent-console/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/demo-world';
import { md5Hex } from './stats';

/** One call, timed: the app's answer, not yet checked. */
async function send(app: FastifyInstance, ep: AnyEndpoint, body: unknown, cookie?: string, path = ep.path) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: body as Record<string, unknown>,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
  return { res, ms: performance.now() - started };
}

/** The reply of `ep` parsed with its schema; anything but 0000 throws. */
function check(ep: AnyEndpoint, res: Awaited<ReturnType<typeof send>>['res'], path: string) {
  const envelope = ep.response.parse(res.json()) as {
    responseCode: string;
    responseMsg: string;
    object?: unknown;
    totalCount?: number;
  };
  if (envelope.responseCode !== '0000')
    throw new Error(`${path}: ${envelope.responseCode} ${envelope.responseMsg}`);
  return envelope;
}

/**
 * One call; `ms` is the time the app took to answer (the reply's checks are not counted). The
 * reply is parsed with the endpoint's schema; anything but 0000 throws. `path` for a call whose
 * path carries a parameter.
 */
export async function post(
  app: FastifyInstance,
  ep: AnyEndpoint,
  body: unknown,
  cookie?: string,
  path = ep.path,
) {
  const { res, ms } = await send(app, ep, body, cookie, path);
  const envelope = check(ep, res, path);
  return { envelope, ms, bytes: res.rawPayload.length, setCookie: res.headers['set-cookie'] };
}

/**
 * A call made by several clients at once (one session each), `warmup` + `rounds` times: each
 * round sends every client's call together and waits for all of them; the times of the rounds
 * after the warm-up. The replies are checked after their round: a client's own work (parsing the
 * reply) is not the server's, and in the same process it would delay the other clients' calls.
 */
export async function concurrently(
  app: FastifyInstance,
  call: { ep: AnyEndpoint; body: unknown },
  cookies: readonly string[],
  { warmup, rounds }: { warmup: number; rounds: number },
): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < warmup + rounds; round++) {
    const sent = await Promise.all(cookies.map((cookie) => send(app, call.ep, call.body, cookie)));
    for (const { res } of sent) check(call.ep, res, call.ep.path);
    if (round >= warmup) samples.push(...sent.map((s) => s.ms));
  }
  return samples;
}

/** Signs a demo agent in with the demo password; the session cookie. */
export async function signIn(app: FastifyInstance, phone: string): Promise<string> {
  const { setCookie } = await post(app, login, { mobilePhone: phone, password: md5Hex(DEMO_PASSWORD) });
  const match = /ac_sid=([^;]*)/.exec(Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? ''));
  if (!match?.[1]) throw new Error(`login of ${phone} set no session`);
  return `ac_sid=${match[1]}`;
}

/** The URL of database `name` on the server of `adminUrl`. */
export const databaseUrl = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs statements (CREATE / DROP DATABASE…) on the server of `adminUrl`, one after the other. */
export async function admin(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}
