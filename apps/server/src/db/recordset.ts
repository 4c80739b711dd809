import { type SQL, sql } from 'drizzle-orm';

/** `a`, `b`, … `z`, then `ba`, `bb`, …: the JSON key of the n-th column. */
function shortKey(n: number): string {
  let key = '';
  let rest = n;
  do {
    key = String.fromCharCode(97 + (rest % 26)) + key;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return key;
}

/**
 * Rows given to one statement as a single JSON parameter and read back as the relation `alias`
 * (`json_to_recordset`): how a batch is written set-based, in one statement. `columns` names the
 * relation's columns, in order, with their SQL types; each row gives their values by those names.
 *
 * In the JSON each column is a short key (`a`, `b`, …) and a null value is left out
 * (`json_to_recordset` reads a missing key as null): the column names were about half of the
 * demo history's parameters (123 MB), which PostgreSQL parses again. docs/benchmarks.md#first-start-with-the-demo-traffic-issue-9-npm-run-benchstart
 */
export function recordset<C extends string>(
  rows: readonly Readonly<Record<NoInfer<C>, unknown>>[],
  columns: Readonly<Record<C, string>>,
  alias: string,
): SQL {
  const names = Object.keys(columns) as C[];
  const keys = names.map((_, i) => shortKey(i));
  const data = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const value = row[names[i] as C];
      if (value !== null && value !== undefined) out[keys[i] as string] = value;
    }
    return out;
  });
  const select = names.map((name, i) => `r."${keys[i]}" as "${name}"`).join(', ');
  const types = names.map((name, i) => `"${keys[i]}" ${columns[name]}`).join(', ');
  // The JSON as its UTF-8 bytes: both drivers send bytes in the binary format, which for `json`
  // is the text itself, so neither measures and copies the text character by character (PGlite
  // did: about 2 s of the demo history's first start). PGlite's `json` serializer lets bytes
  // through (`PGLITE_SERIALIZERS`, db/client.ts).
  const json = Buffer.from(JSON.stringify(data));
  return sql`(select ${sql.raw(select)} from json_to_recordset(${json}::json) as r(${sql.raw(types)})) as ${sql.raw(alias)}`;
}
