import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportColumn, writeXlsx } from './export';

/**
 * The streamed .xlsx of the exports: rows are read only as fast as they are compressed and
 * downloaded, so memory does not grow with the row count (issue 7).
 */

interface Row {
  id: number;
  name: string;
  area: string;
  ratio: number;
}
const COLUMNS: readonly ExportColumn<Row>[] = [
  { header: '代理ID', kind: 'int', value: (r) => r.id },
  { header: '代理名称', kind: 'text', value: (r) => r.name },
  { header: '代理地区', kind: 'text', value: (r) => r.area },
  { header: '分润比例', kind: 'percent', value: (r) => r.ratio },
];
const BATCH = 1000;
const BATCHES = 120;

/** A source that never waits (as fast as a database on a quiet machine can be), noting how much of the file had left when each batch was read. */
function source(received: () => number, seen: number[]) {
  return (async function* () {
    for (let b = 0; b < BATCHES; b++) {
      seen.push(received());
      yield Array.from({ length: BATCH }, (_, i) => ({
        id: b * BATCH + i,
        name: `代理${b * BATCH + i}南山科技园网咖`,
        area: '广东省-深圳市-南山区',
        ratio: ((b * BATCH + i) % 100) / 100,
      }));
    }
  })();
}

/** A download that takes every byte at once into a file-like sink. */
function download(out: PassThrough) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  out.pipe(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        bytes += chunk.length;
        done();
      },
    }),
  );
  return { bytes: () => bytes, file: () => Buffer.concat(chunks) };
}

describe('writeXlsx', () => {
  it('reads a batch only when the rows before it have been compressed and sent', async () => {
    const out = new PassThrough();
    const client = download(out);
    const ended = new Promise((resolve) => out.once('end', resolve));
    const seen: number[] = [];
    await writeXlsx(out, '代理列表', COLUMNS, source(client.bytes, seen));
    await ended;
    const total = client.bytes();
    // Without waiting for the compressor, every batch was read before a tenth of the file had
    // left: the rest waited in memory, uncompressed. Now the file leaves as the rows are read.
    const half = seen[BATCHES / 2] ?? 0;
    const last = seen[BATCHES - 1] ?? 0;
    expect(half / total).toBeGreaterThan(0.3);
    expect(last / total).toBeGreaterThan(0.8);

    // A valid workbook with every row, read back with the streaming reader.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(
      (() => {
        const s = new PassThrough();
        s.end(client.file());
        return s;
      })(),
      {},
    );
    let rows = 0;
    let header: unknown[] = [];
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number === 1) header = (row.values as unknown[]).slice(1);
        else rows++;
      }
    }
    expect(header).toEqual(COLUMNS.map((c) => c.header));
    expect(rows).toBe(BATCH * BATCHES);
  }, 60_000);

  it('stops reading when the download ends early', async () => {
    const out = new PassThrough();
    let read = 0;
    const batches = (async function* () {
      for (let b = 0; b < BATCHES; b++) {
        read++;
        if (b === 3) out.destroy();
        yield [{ id: b, name: '代理', area: '', ratio: 0 }];
      }
    })();
    await writeXlsx(out, '代理列表', COLUMNS, batches);
    expect(read).toBe(4);
  });
});
