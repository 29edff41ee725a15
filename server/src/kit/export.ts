import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Permission } from '@schooliko/common/permissions';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import type { Db } from '../db/client';
import { type Actor, scoped } from './scope';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A column of an exported (or imported) file: its header and how to read it off an item. */
export type FileColumn<T> = {
  key: string;
  header: string;
  value: (item: T) => string | number | boolean | null;
};

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is
 * prefixed with an apostrophe (OWASP "CSV injection"): the text is kept, the formula is not.
 */
export function neutralise(value: string | number | boolean | null): string | number | boolean | null {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(neutralise(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function* csvLines<T>(columns: readonly FileColumn<T>[], items: AsyncIterable<T>) {
  // A byte-order mark, so that Excel opens the UTF-8 file with Hindi and Marathi names intact.
  yield `\uFEFF${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;
  for await (const item of items) yield `${columns.map((c) => csvCell(c.value(item))).join(',')}\r\n`;
}

/** The same items, with the first one already fetched. */
async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/**
 * Streams `items` to the caller as CSV or Excel, row by row (memory stays flat however long the
 * list). Resolves when the last byte is written, so a caller inside a scoped transaction keeps
 * the transaction open until then.
 */
export async function sendFile<T>(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    filename: string;
    sheet: string;
    columns: readonly FileColumn<T>[];
    items: AsyncIterable<T>;
  },
): Promise<FastifyReply> {
  const { format, filename, columns } = options;
  // The first query runs before any header is sent: a value the database refuses is still a 400.
  const items = await primed(options.items);
  reply.header('content-disposition', `attachment; filename="${filename}.${format}"`);
  reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    const stream = Readable.from(csvLines(columns, items));
    reply.type('text/csv; charset=utf-8').send(stream);
    await finished(stream);
    return reply;
  }
  const out = new PassThrough();
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(out);
  // Settles when the file is sent or the client has gone (then the stream is destroyed and the
  // book's commit would wait for ever): a report's transaction and slot end either way.
  const sent = finished(out);
  sent.catch(() => {});
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(options.sheet);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(12, c.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const item of items) {
    sheet.addRow(columns.map((c) => neutralise(c.value(item)))).commit();
  }
  sheet.commit();
  await Promise.race([book.commit(), sent]);
  await sent;
  return reply;
}

/**
 * `GET <path>`: what a list's filters match, as a CSV or Excel file (`format`), streamed through
 * `sendFile()` under the route's permission, in a report slot (kit/report-slots.ts: per-person and
 * per-institute limits, a bounded share of the database's connections). Lists outside
 * `recordRoutes()` declare their export with it.
 */
export function exportRoute<Q extends { format: ExportFormat }, T>(
  app: FastifyInstance,
  path: string,
  options: {
    permission: Permission | readonly Permission[];
    tags: string[];
    summary: string;
    querystring: ZodType<Q>;
    filename: string | ((query: Q) => string);
    sheet: string;
    columns: readonly FileColumn<T>[];
    items: (tx: Db, actor: Actor, query: Q) => AsyncIterable<T>;
  },
) {
  app.get(
    path,
    {
      config: { permission: options.permission, heavy: true },
      schema: { tags: options.tags, summary: options.summary, querystring: options.querystring },
    },
    async (request, reply) => {
      const query = request.query as Q;
      const { filename } = options;
      return scoped(request, (tx, actor) =>
        sendFile(reply, {
          format: query.format,
          filename: typeof filename === 'string' ? filename : filename(query),
          sheet: options.sheet,
          columns: options.columns,
          items: options.items(tx, actor, query),
        }),
      );
    },
  );
}
