/**
 * `npm run simulate -- --url http://127.0.0.1:8080 --key ID --secret SECRET --days N --orders-per-day M [--seed S]`:
 * the rental platform, simulated. A real HTTP client of the ingestion API (`POST /api/ingest/v1/events`,
 * signed with HMAC-SHA256): it generates the days ending today with the demo traffic's generator
 * (apps/server/src/demo/traffic.ts: net bars and channels over the demo tree's agents, players,
 * opening hours, rent types, the game catalogue, cancellations, disputes, late and duplicated
 * deliveries), posts them in batches of 1,000 and prints progress and a summary. Deterministic: the
 * same seed on the same day sends the same events, so a second run is a pure replay (duplicates).
 * Exit code 0 when every batch was answered 0000; 1 on a refused batch or a network failure.
 */

import { INGEST_HEADERS, INGEST_MAX_EVENTS, INGEST_PATH, type IngestReply } from '@agent-console/contract';
import { buildWorld, demoTrafficAgents, lastDays, trafficDays } from '../apps/server/src/demo/traffic';
import { GAME_CATALOGUE } from '../apps/server/src/modules/games/games.service';
import { signIngest } from '../apps/server/src/modules/ingest-keys/signature';
import { loadRegions } from '../apps/server/src/modules/regions/region-tree';
import { batchesOf } from '../apps/server/src/shared/batches';

interface Options {
  url: string;
  key: string;
  secret: string;
  days: number;
  ordersPerDay: number;
  seed: number;
}

const USAGE =
  'usage: npm run simulate -- --url URL --key ID --secret SECRET --days N --orders-per-day M [--seed S]';

export function parseSimulateArgs(argv: readonly string[]): Options {
  const raw = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i] ?? '';
    const value = argv[i + 1];
    if (!name.startsWith('--') || value === undefined) throw new Error(`bad argument ${name}\n${USAGE}`);
    raw.set(name.slice(2), value);
  }
  const known = ['url', 'key', 'secret', 'days', 'orders-per-day', 'seed'];
  for (const name of raw.keys())
    if (!known.includes(name)) throw new Error(`unknown option --${name}\n${USAGE}`);
  const need = (name: string) => {
    const v = raw.get(name);
    if (!v) throw new Error(`--${name} is required\n${USAGE}`);
    return v;
  };
  const int = (name: string, lo: number, hi: number, fallback?: number) => {
    const v = raw.has(name) || fallback === undefined ? Number(need(name)) : fallback;
    if (!Number.isInteger(v) || v < lo || v > hi)
      throw new Error(`--${name} takes a whole number from ${lo} to ${hi}`);
    return v;
  };
  const url = need('url').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) throw new Error('--url must start with http:// or https://');
  return {
    url,
    key: need('key'),
    secret: need('secret'),
    days: int('days', 1, 366),
    ordersPerDay: int('orders-per-day', 1, 100_000),
    seed: int('seed', 1, 9000, 1),
  };
}

async function post(o: Options, events: unknown[]): Promise<IngestReply> {
  const body = JSON.stringify({ events });
  const timestamp = String(Math.floor(Date.now() / 1000));
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${o.url}${INGEST_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INGEST_HEADERS.keyId]: o.key,
          [INGEST_HEADERS.timestamp]: timestamp,
          [INGEST_HEADERS.signature]: signIngest(o.secret, timestamp, body),
        },
        body,
      });
      const reply = (await res.json()) as {
        responseCode: string;
        responseMsg: string;
        object: IngestReply | null;
      };
      if (reply.responseCode !== '0000' || !reply.object)
        throw new Refused(`HTTP ${res.status} ${reply.responseCode} ${reply.responseMsg}`);
      return reply.object;
    } catch (err) {
      if (err instanceof Refused || attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

class Refused extends Error {}

async function main() {
  const o = parseSimulateArgs(process.argv.slice(2));
  const regions = loadRegions();
  // The demo tree's agents and game catalogue, with the ids a demo start gives them.
  const world = buildWorld({
    seed: o.seed,
    agents: demoTrafficAgents(regions),
    gameIds: GAME_CATALOGUE.map((_, i) => i + 1),
    regions,
  });
  const now = new Date();
  const days = lastDays(now, o.days);
  console.log(
    `simulating ${o.days} day(s) ${days[0]} … ${days[days.length - 1]}, about ${o.ordersPerDay} orders a day, ` +
      `seed ${o.seed}: ${world.bars.length} net bars, ${world.channels.length} channels → ${o.url}${INGEST_PATH}`,
  );
  const total = { events: 0, orders: 0, batches: 0, accepted: 0, duplicate: 0, conflict: 0, rejected: 0 };
  const reasons = new Map<string, number>();
  const started = Date.now();
  for (const day of trafficDays(world, days, o.ordersPerDay, now)) {
    const t = Date.now();
    const counts = { accepted: 0, duplicate: 0, conflict: 0, rejected: 0 };
    for (const batch of batchesOf(day.events, INGEST_MAX_EVENTS)) {
      const reply = await post(o, batch);
      total.batches++;
      for (const k of ['accepted', 'duplicate', 'conflict', 'rejected'] as const) counts[k] += reply[k];
      for (const r of reply.results)
        if (r.outcome === 'rejected' && r.reason) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
    }
    for (const k of ['accepted', 'duplicate', 'conflict', 'rejected'] as const) total[k] += counts[k];
    total.events += day.events.length;
    total.orders += day.orders;
    console.log(
      `${day.day}: ${day.events.length} events (${day.orders} orders) — accepted ${counts.accepted}, ` +
        `duplicate ${counts.duplicate}, conflict ${counts.conflict}, rejected ${counts.rejected} (${Date.now() - t} ms)`,
    );
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `\nsummary: ${total.events} events in ${total.batches} batches over ${days.length} day(s), ${total.orders} orders, ` +
      `${seconds.toFixed(1)} s (${Math.round(total.events / seconds)} events/s)\n` +
      `  accepted ${total.accepted}, duplicate ${total.duplicate}, conflict ${total.conflict}, rejected ${total.rejected}`,
  );
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 5))
    console.log(`  rejected ×${n}: ${reason}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
