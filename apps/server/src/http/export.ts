import { EventEmitter } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import {
  type AnyListDef,
  Codes,
  EXPORT_TOKEN_COOKIE,
  EXPORT_TOKEN_PARAM,
  type ExportEndpoint,
  ExportToken,
  filtersFromStrings,
  type ListQueryOf,
  type ListRowOf,
} from '@agent-console/contract';
import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Scope, scopeOf } from '../modules/agents/scope';
import { AppError } from '../shared/app-error';
import type { AuthContext } from '../shared/auth-context';
import { formatChinaTime } from '../shared/time';
import { takeExpensiveTurn } from './expensive-calls';
import { accessHooks } from './mount';

/** How a column's values are written: amounts travel as fen and become yuan here, at the edge. */
export type ExportKind = 'text' | 'int' | 'yuan' | 'percent';

export interface ExportColumn<R> {
  /** The Chinese header. */
  header: string;
  kind: ExportKind;
  /** Width in characters. */
  width?: number;
  /** `yuan`: fen (integer); `percent`: a ratio (0.35); `int`: a number; `text`: a string. */
  value: (row: R) => string | number | null;
}

export interface ExportSource<L extends AnyListDef> {
  /** The columns, or the columns for a query (a screen whose columns follow its filters). */
  columns:
    | readonly ExportColumn<ListRowOf<L>>[]
    | ((query: ListQueryOf<L>) => readonly ExportColumn<ListRowOf<L>>[]);
  /**
   * The whole filtered set in the list's order, a batch at a time (the list pipeline's `keyBatches`);
   * `auth` for a list whose rules read the caller's flags beside its scope.
   */
  batches: (scope: Scope, query: ListQueryOf<L>, auth: AuthContext) => AsyncIterable<readonly ListRowOf<L>[]>;
}

const NUM_FMT: Partial<Record<ExportKind, string>> = { yuan: '#,##0.00', percent: '0.00%', int: '0' };

const cell = (kind: ExportKind, value: string | number | null): string | number | null => {
  if (value === null) return null;
  if (kind === 'yuan' && typeof value === 'number') return value / 100;
  return value;
};

/** `代理列表-20261123-101500.xlsx`, China time. */
const fileNameOf = (base: string, now: Date) =>
  `${base}-${formatChinaTime(now).replace(/[-:]/g, '').replace(' ', '-')}.xlsx`;

/** Refuses an export a page of another site started: the console always starts its own. */
const refuseCrossSite = async (req: FastifyRequest) => {
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new AppError(Codes.FORBIDDEN);
};

/** The batches of an iterator whose first result was already read. */
async function* resume<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  for (let r = first; !r.done; r = await rest.next()) yield r.value;
}

/** Bytes waiting in a writable stream's buffer (node streams, or the readable-stream copies exceljs's zip uses). */
const pendingBytes = (stream: Writable): number =>
  stream.writableLength ?? (stream as { _writableState?: { length?: number } })._writableState?.length ?? 0;

/**
 * The stream a sheet's XML is compressed from. exceljs's streaming writer hands a sheet's XML to
 * its zip entry without ever waiting (its StreamBuf ignores backpressure): when rows come faster
 * than they are deflated, the XML piles up in that entry's buffer, and memory grows with the rows.
 * Waiting on this stream is what bounds it. Checked, so that another exceljs fails here loudly
 * rather than exporting with unbounded memory.
 */
function sheetEntry(sheet: ExcelJS.Worksheet): Writable {
  const buffer = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const [entry, ...more] = buffer?.pipes ?? [];
  if (!(entry instanceof EventEmitter) || more.length > 0 || typeof (entry as Writable).write !== 'function')
    throw new Error('exceljs: the sheet is not written into one zip entry stream');
  return entry as Writable;
}

/** Resolves when `stream` has drained, or when `out` closes (the download ended). */
const drainedOrClosed = (stream: EventEmitter, out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    out.once('close', done);
  });

/** Above this many bytes of XML waiting to be compressed, the rows wait (about a batch of a thousand rows). */
const MAX_PENDING_XML = 1024 * 1024;

/**
 * Writes the batches as one sheet of an .xlsx into `out` with exceljs's streaming writer, a row at
 * a time, reading the next batch only when what was written has been compressed and taken by the
 * download (`out`): memory holds a batch and the buffers of the chain, whatever the row count.
 * Stops early when `out` closes.
 */
export async function writeXlsx<R>(
  out: PassThrough,
  sheetName: string,
  columns: readonly ExportColumn<R>[],
  batches: AsyncIterable<readonly R[]>,
): Promise<void> {
  // Loaded with the first export, not with the server: exceljs takes ≈ 0.4 s to load, a tenth of a start.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(10, c.header.length * 2 + 2),
    ...(NUM_FMT[c.kind] ? { style: { numFmt: NUM_FMT[c.kind] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const entry = sheetEntry(sheet);
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(columns.map((c) => cell(c.kind, c.value(row)))).commit();
    // Backpressure: the compressor, then the download, before the next batch is read.
    while (pendingBytes(entry) > MAX_PENDING_XML && !out.destroyed) await drainedOrClosed(entry, out);
    if (out.writableNeedDrain && !out.destroyed) await drainedOrClosed(out, out);
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Mounts the export of a list: GET at its path, by browser navigation, behind the list's access,
 * with the list's filters parsed from the query string by the same schema as the page call and the
 * same ownership checks; answers an .xlsx of the whole filtered set, streamed row by row with
 * exceljs's streaming writer while the rows are read a batch at a time, so the server's memory does
 * not grow with the row count (`writeXlsx`: the compressor and a slow download hold the reading
 * back). Refusals answer the envelope, as every API call. An export is an expensive call: it holds
 * one of its session's turns until the download ends.
 */
export function mountExport<L extends AnyListDef>(
  app: FastifyInstance,
  ep: ExportEndpoint<string, L>,
  source: ExportSource<L>,
  clock: () => Date,
): void {
  app.route({
    method: 'GET',
    url: ep.path,
    // Expensive: the turn is held until the file is sent (or the download is dropped).
    onRequest: [refuseCrossSite, takeExpensiveTurn, ...accessHooks(ep.access)],
    handler: async (req, reply) => {
      if (!req.auth) throw new AppError(Codes.NOT_LOGGED_IN);
      const strings = (req.query ?? {}) as Record<string, string | string[] | undefined>;
      const token = ExportToken.safeParse(strings[EXPORT_TOKEN_PARAM]);
      const parsed = ep.list.query.safeParse(filtersFromStrings(ep.list.query.shape, strings));
      if (!parsed.success) throw new AppError(Codes.INVALID_PARAMS, parsed.error.issues[0]?.message);
      const query = parsed.data as ListQueryOf<L>;
      const scope = scopeOf(req.auth);
      await req.server.ownership.assertRequest(scope, ep.list.owns, query);

      const rows = source.batches(scope, query, req.auth)[Symbol.asyncIterator]();
      // The first batch before any byte leaves: a failing query still answers the envelope.
      const first = await rows.next();

      const out = new PassThrough();
      const name = fileNameOf(ep.fileName, clock());
      reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'Content-Disposition',
          `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff');
      if (token.success)
        reply.header('Set-Cookie', `${EXPORT_TOKEN_COOKIE}=${token.data}; Path=/; Max-Age=120; SameSite=Lax`);
      void reply.send(out);

      try {
        const columns = typeof source.columns === 'function' ? source.columns(query) : source.columns;
        await writeXlsx(out, ep.fileName, columns, resume(first, rows));
      } catch (err) {
        req.log.error({ err: { message: (err as Error).message } }, 'export failed midway');
        out.destroy(err as Error);
      } finally {
        // A download that ended early leaves the reading unfinished: release it (its query, its connection).
        await rows.return?.();
      }
      return reply;
    },
  });
}
