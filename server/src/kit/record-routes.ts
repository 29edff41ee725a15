import { listSchema, okSchema, type Pagination } from '@schooliko/common/http';
import type { Message } from '@schooliko/common/messages';
import { uuidParam } from '@schooliko/common/people/fields';
import type { Permission } from '@schooliko/common/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { answer, ok } from './answer';
import { EXPORT_FORMATS, type FileColumn, sendFile } from './export';
import { type Actor, scoped } from './scope';

type Needs = Permission | readonly Permission[];
/** A list query: the list screen's filters, sort and page. */
type ListQuery = z.ZodObject<{ page: z.ZodTypeAny; limit: z.ZodTypeAny } & z.ZodRawShape>;
type Filters<Q extends ListQuery> = Omit<z.infer<Q>, 'page' | 'limit'>;

/** What an update did: the record as it now stands, and the accounts whose roles it changed. */
export type Updated<Item> = { item: Item; members?: readonly string[] };

/**
 * The five routes every record module has, written once: a page of the list, the same list as a
 * CSV or Excel file, add, read one, change one (docs/modules.md, "A record module"). A module
 * gives its schemas, permissions, messages and service functions; each route is tenant-scoped
 * (`scoped`) and declares its permission, so the security suites see it like any other.
 * A change that touches an account's roles names those accounts: their cached membership is
 * dropped after the commit, never inside the transaction.
 */
export function recordRoutes<
  Q extends ListQuery,
  C extends z.ZodTypeAny,
  U extends z.ZodTypeAny,
  Item,
  Row,
>(module: {
  tags: string[];
  permissions: { read: Needs; create: Needs; update: Needs };
  schemas: {
    query: Q;
    item: z.ZodTypeAny;
    /** A list's item, when lists show less than the whole record (default: the record). */
    listItem?: z.ZodTypeAny;
    /** The answer to an add, when it tells more than the record (default: the record). */
    created?: z.ZodTypeAny;
    create: C;
    update: U;
  };
  summaries: { list: string; create: string; read: string; update: string };
  messages: { created: Message; updated: Message };
  file: { name: string; sheet: string; columns: readonly FileColumn<Row>[] };
  list: (tx: Db, actor: Actor, query: z.infer<Q>) => Promise<{ items: unknown[]; pagination: Pagination }>;
  matching: (tx: Db, actor: Actor, filters: Filters<Q>) => AsyncIterable<Row>;
  create: (tx: Db, actor: Actor, input: z.infer<C>) => Promise<Item>;
  read: (tx: Db, actor: Actor, id: string) => Promise<Item>;
  update: (tx: Db, actor: Actor, id: string, input: z.infer<U>) => Promise<Updated<Item>>;
}): FastifyPluginAsyncZod {
  const { tags, permissions, schemas, summaries, messages } = module;
  const item = okSchema(schemas.item);
  return async (app) => {
    app.get(
      '/',
      {
        config: { permission: permissions.read },
        schema: {
          tags,
          summary: summaries.list,
          querystring: schemas.query,
          response: { 200: okSchema(listSchema(schemas.listItem ?? schemas.item)) },
        },
      },
      async (request) => answer(request, (tx, actor) => module.list(tx, actor, request.query as z.infer<Q>)),
    );

    app.get(
      '/export',
      {
        config: { permission: permissions.read, heavy: true },
        schema: {
          tags,
          summary: "The list's current filters as a CSV or Excel file",
          querystring: schemas.query
            .omit({ page: true, limit: true })
            .extend({ format: z.enum(EXPORT_FORMATS).default('csv') }),
        },
      },
      async (request, reply) => {
        const query = request.query as Filters<Q> & {
          format: (typeof EXPORT_FORMATS)[number];
        };
        return scoped(request, (tx, actor) =>
          sendFile(reply, {
            format: query.format,
            filename: module.file.name,
            sheet: module.file.sheet,
            columns: module.file.columns,
            items: module.matching(tx, actor, query),
          }),
        );
      },
    );

    app.post(
      '/',
      {
        config: { permission: permissions.create },
        schema: {
          tags,
          summary: summaries.create,
          body: schemas.create,
          response: { 201: schemas.created ? okSchema(schemas.created) : item },
        },
      },
      async (request, reply) => {
        reply.status(201);
        return answer(
          request,
          (tx, actor) => module.create(tx, actor, request.body as z.infer<C>),
          messages.created,
        );
      },
    );

    app.get(
      '/:id',
      {
        config: { permission: permissions.read },
        schema: { tags, summary: summaries.read, params: uuidParam, response: { 200: item } },
      },
      async (request) => answer(request, (tx, actor) => module.read(tx, actor, request.params.id)),
    );

    app.patch(
      '/:id',
      {
        config: { permission: permissions.update },
        schema: {
          tags,
          summary: summaries.update,
          params: uuidParam,
          body: schemas.update,
          response: { 200: item },
        },
      },
      async (request) => {
        const { item: data, members = [] } = await scoped(request, (tx, actor) =>
          module.update(tx, actor, request.params.id, request.body as z.infer<U>),
        );
        // Committed: a member whose roles changed acts with them on their next request.
        const instituteId = request.actor?.institute.id ?? '';
        for (const userId of members)
          await app.invalidation.invalidate({ kind: 'membership', instituteId, userId });
        return ok(data, messages.updated);
      },
    );
  };
}
