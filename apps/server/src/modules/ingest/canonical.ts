import { createHash } from 'node:crypto';

/** JSON with the keys of every object sorted: equal values give equal text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    // Plain loops (no entries/filter/map arrays per object): every ingested event is hashed.
    // The default sort orders keys by UTF-16 code units, as `<` does.
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).sort();
    let out = '{';
    let first = true;
    for (const key of keys) {
      const item = object[key];
      if (item === undefined) continue;
      out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
      first = false;
    }
    return `${out}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of an event's canonical JSON: what tells a replay from a conflicting reuse of its id. */
export function eventHash(type: string, occurredAt: string, payload: unknown): string {
  return createHash('sha256').update(canonicalJson({ type, occurredAt, payload })).digest('hex');
}
