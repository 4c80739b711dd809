import { createHash } from 'node:crypto';

/** JSON with the keys of every object sorted: equal values give equal text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of an event's canonical JSON: what tells a replay from a conflicting reuse of its id. */
export function eventHash(type: string, occurredAt: string, payload: unknown): string {
  return createHash('sha256').update(canonicalJson({ type, occurredAt, payload })).digest('hex');
}
