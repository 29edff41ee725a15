import { failSchema, okSchema } from '@schooliko/common/http';
import { COMMON_MESSAGES } from '@schooliko/common/messages';
import { uuidParam } from '@schooliko/common/people/fields';
import {
  PHOTO_MAX_MB,
  PHOTO_MAX_SIDE,
  PHOTO_MESSAGES,
  PHOTO_MIME_TYPES,
  type PhotoKind,
} from '@schooliko/common/people/photos';
import type { Permission } from '@schooliko/common/permissions';
import { MB, UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../kit/answer';
import { type Actor, actorOf, scoped } from '../../kit/scope';
import type { visitors } from '../../modules/reception/reception.table';
import type { staff } from '../../modules/staff/staff.table';
import type { students } from '../../modules/students/students.table';
import { httpError } from '../../plugins/errors';
import { type RateLimiter, type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart, OLD_PHOTOS_PREFIX } from '../../plugins/uploads';
import { type AuditEntity, recordChange } from '../audit';
import { readStored, sendPrivateFile } from './private-files';
import { CONTENT_TYPES, PRIVATE_PREFIX, type Storage } from './storage';
import { readUploadForm, sizeOfTooLarge } from './uploads.multipart';
import { type ImageRules, storeImage, tooLarge } from './uploads.service';

/** A person's photo: a still picture under 2 MB, scaled to fit 1024 pixels a side. */
export const PHOTO_RULES: ImageRules = {
  maxMb: PHOTO_MAX_MB,
  maxSide: PHOTO_MAX_SIDE,
  field: 'file',
  failedMessage: PHOTO_MESSAGES.failed,
  types: PHOTO_MIME_TYPES,
  invalidTypeMessage: PHOTO_MESSAGES.invalidType,
};

/** Bodies past this are cut off unread; below it the 413 can still name the size sent. */
const READ_LIMIT_BYTES = 4 * PHOTO_MAX_MB * MB;

/** Decoding images is costly: an office photographing a class needs a few a minute. */
export const PHOTO_RATE_RULE: RateRule = { name: 'people-photo', max: 120, windowSeconds: 600 };

/** The tables whose rows carry a `photo_url`, and the audit entity of each kind. */
type PhotoTable = typeof students | typeof staff | typeof visitors;
const ENTITY: Record<PhotoKind, AuditEntity> = { students: 'student', staff: 'staff', visitors: 'visitor' };

/**
 * Sets or clears ('') a record's photo, audited as `photo` or `photo-removed` in the caller's
 * transaction; the same URL again changes nothing. The record must be one `find` lets the caller
 * see. Answers the photo it had.
 */
async function writePhoto(
  tx: Db,
  actor: Actor,
  target: { kind: PhotoKind; table: PhotoTable; find: Find },
  id: string,
  url: string,
): Promise<string> {
  const before = await target.find(tx, actor, id);
  if (before.photoUrl === url) return url;
  const { table } = target;
  await tx
    .update(table)
    .set({ photoUrl: url })
    .where(and(eq(table.instituteId, actor.institute.id), eq(table.id, before.id)));
  await recordChange(tx, actor, {
    entity: ENTITY[target.kind],
    entityId: before.id,
    action: url ? 'photo' : 'photo-removed',
    before: { photoUrl: before.photoUrl },
    after: { photoUrl: url },
  });
  return before.photoUrl;
}

type Find = (tx: Db, actor: Actor, id: string) => Promise<{ id: string; photoUrl: string }>;

/**
 * Where a person's photos are: the address they are fetched at through the signed-in session
 * (`<base>/photo/<file>`, e.g. `/api/students/<id>/photo/<random>.png`), and the private folder
 * (never served at /uploads) their files are stored in, under the same file names.
 */
export type PhotoPlace = { base: string; folder: string };

/** A photo's file name: 128 random bits (uploads.service.ts, `newKey`) and its extension. */
const PHOTO_FILE = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/** The place of a record's photos: `private/people/<institute>/<kind>/<id>`. */
export const recordPhotoPlace = (instituteId: string, kind: PhotoKind, id: string): PhotoPlace => ({
  base: `/api/${kind}/${id.toLowerCase()}`,
  folder: `${PRIVATE_PREFIX}people/${instituteId}/${kind}/${id}`.toLowerCase(),
});

/**
 * The stored file behind a photo address of this place, or null for any other address. The
 * public address photos had before they were private (`/uploads/people/…` or the bucket's) counts
 * when it is under the same folder.
 */
export function photoKeyOf(storage: Storage, place: PhotoPlace, url: string): string | null {
  const prefix = `${place.base}/photo/`;
  if (url.startsWith(prefix)) {
    const file = url.slice(prefix.length);
    return PHOTO_FILE.test(file) ? `${place.folder}/${file}` : null;
  }
  const old = storage.keyOf(url);
  return old?.startsWith(`${place.folder.slice(PRIVATE_PREFIX.length)}/`) ? old : null;
}

/**
 * Erases the file of a photo that was replaced or removed (DPDP Act 2023: erasure erases). The
 * record no longer names it when this runs; a storage failure is logged, not answered.
 */
export async function erasePhoto(
  storage: Storage,
  place: PhotoPlace,
  url: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const key = photoKeyOf(storage, place, url);
  if (key) await storage.remove(key).catch((err) => log.error({ err, key }, 'a photo was not erased'));
}

/**
 * Streams the photo `file` of a place when it is the one `current` names (a replaced or removed
 * photo's address is a 404), privately: never kept by a shared cache.
 */
export function sendPhoto(
  reply: FastifyReply,
  storage: Storage,
  place: PhotoPlace,
  current: string,
  file: string,
): Promise<FastifyReply> {
  const url = `${place.base}/photo/${file}`;
  const key = current === url ? photoKeyOf(storage, place, url) : null;
  if (!key) throw httpError(404, COMMON_MESSAGES.notFound);
  const extension = file.slice(file.lastIndexOf('.') + 1);
  const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
  return sendPrivateFile(
    reply,
    storage,
    { key, name: `photo.${extension}`, contentType },
    COMMON_MESSAGES.notFound,
  );
}

/** The path parameter of a photo's file (any other name than a stored one is a 404). */
export const photoFileParam = z.object({ file: z.string().max(64) });

/**
 * The photo a multipart request sends as `file`, rate-limited per person: checked and re-encoded
 * by the uploads' pipeline (`storeImage`) and stored in the private folder of the place `place`
 * names, which is asked for before the body is read (it may refuse). Answers the photo's address.
 * The plugin the route is in must `acceptMultipart`.
 */
export async function receivePhoto(
  request: FastifyRequest,
  to: { storage: Storage; limiter: RateLimiter; userId: string; place: () => Promise<PhotoPlace> },
): Promise<string> {
  await to.limiter.consume([PHOTO_RATE_RULE, to.userId]);
  if (!request.isMultipart()) throw httpError(415, UPLOAD_MESSAGES.noFile);
  const place = await to.place();
  const form = await readUploadForm(request, { file: 'file', readLimitBytes: READ_LIMIT_BYTES });
  if (form.tooLarge) throw tooLarge(PHOTO_MAX_MB, sizeOfTooLarge(request, READ_LIMIT_BYTES));
  const stored = await storeImage(to.storage, place.folder, form.file ?? Buffer.alloc(0), PHOTO_RULES);
  return `${place.base}/photo/${stored.key.slice(place.folder.length + 1)}`;
}

/** A row whose photo may still be at its old public address. */
export type OldPhoto = { id: string; photoUrl: string; place: PhotoPlace };

/**
 * The one-off move of issue 27 (run when the server starts; nothing is left to move after):
 * each photo still at its old public address (`/uploads/people/…`, or the bucket's) is copied to
 * its private place under the same file name, the row is pointed at the new address (when it
 * still names the old one), and the old file is erased. A photo whose file is lost is cleared.
 */
export async function moveOldPhotos(
  storage: Storage,
  rows: (publicPrefix: string) => Promise<OldPhoto[]>,
  set: (id: string, from: string, to: string) => Promise<void>,
): Promise<number> {
  let moved = 0;
  for (const row of await rows(storage.urlFor(OLD_PHOTOS_PREFIX))) {
    if (await moveOldPhoto(storage, row, set)) moved++;
  }
  return moved;
}

/** One photo of moveOldPhotos: true when it moved. */
async function moveOldPhoto(
  storage: Storage,
  row: OldPhoto,
  set: (id: string, from: string, to: string) => Promise<void>,
): Promise<boolean> {
  const old = photoKeyOf(storage, row.place, row.photoUrl);
  const file = old?.slice(old.lastIndexOf('/') + 1) ?? '';
  const body = old && PHOTO_FILE.test(file) ? await readStored(storage, old) : null;
  if (!old || !body) {
    await set(row.id, row.photoUrl, '');
    return false;
  }
  const extension = file.slice(file.lastIndexOf('.') + 1);
  await storage.put(`${row.place.folder}/${file}`, body, CONTENT_TYPES[extension] ?? '');
  await set(row.id, row.photoUrl, `${row.place.base}/photo/${file}`);
  await storage.remove(old);
  return true;
}

/** The answers a photo upload may give besides its 200. */
export const PHOTO_FAILS = {
  400: failSchema,
  401: failSchema,
  403: failSchema,
  404: failSchema,
  413: failSchema,
  415: failSchema,
  429: failSchema,
  503: failSchema,
};

/** moveOldPhotos for the records of a kind; answers how many photos moved. */
export function moveOldRecordPhotos(app: FastifyInstance, kind: PhotoKind, table: PhotoTable) {
  const { db } = app.database;
  return moveOldPhotos(
    app.storage,
    async (prefix) =>
      (
        await db
          .select({ id: table.id, photoUrl: table.photoUrl, instituteId: table.instituteId })
          .from(table)
          .where(sql`starts_with(${table.photoUrl}, ${prefix})`)
      ).map((row) => ({ ...row, place: recordPhotoPlace(row.instituteId, kind, row.id) })),
    async (id, from, to) => {
      await db
        .update(table)
        .set({ photoUrl: to })
        .where(and(eq(table.id, id), eq(table.photoUrl, from)));
    },
  );
}

/**
 * `POST <prefix>/:id/photo`, `DELETE <prefix>/:id/photo` and `GET <prefix>/:id/photo/:file` for a
 * record kind with a `photo_url` (docs/modules.md, "A record with a photo"). The record must be
 * one the caller may change (`find` answers 404 otherwise, also for another institute's id)
 * before the body is read; the picture goes through the uploads' pipeline (`storeImage`: type
 * told by its bytes, re-encoded without metadata) into the private folder
 * `private/people/<institute>/<kind>/<id>/`, then its address and its audit row are written in one
 * transaction, which answers the record as `read` gives it. DELETE sets '' the same way. The
 * photo a record had is erased from storage once the change is written. GET streams the
 * record's current photo to whoever may see the record (`readPermission`, then `find`), with
 * `Cache-Control: private, no-store`; any other file name is a 404.
 */
export function photoRoutes<Item>(options: {
  kind: PhotoKind;
  tags: string[];
  permission: Permission | readonly Permission[];
  /** Who may fetch the photo (`find` then decides which records). */
  readPermission: Permission | readonly Permission[];
  /** The record's schema (the answer's `data`). */
  item: z.ZodTypeAny;
  /** The table of the kind's rows (they have `photo_url`). */
  table: PhotoTable;
  /** The record as the caller may see it, or a 404. */
  find: Find;
  /** The record as the answer shows it. */
  read: (tx: Db, actor: Actor, id: string) => Promise<Item>;
  summaries: { upload: string; remove: string; photo: string };
}): FastifyPluginAsyncZod {
  const { kind, tags, permission, table } = options;
  const answer = okSchema(options.item);
  const placeOf = (actor: Actor, id: string) => recordPhotoPlace(actor.institute.id, kind, id);
  /** Writes the photo, answers the record; erases the file of the photo it had after the write. */
  const setPhoto = async (request: FastifyRequest<{ Params: { id: string } }>, url: string) => {
    const { data, before, place } = await scoped(request, async (tx, actor) => ({
      before: await writePhoto(tx, actor, options, request.params.id, url),
      data: await options.read(tx, actor, request.params.id),
      place: placeOf(actor, request.params.id),
    }));
    if (before !== url) await erasePhoto(request.server.storage, place, before, request.log);
    return data;
  };
  return async (app) => {
    const limiter = rateLimiter(app);
    await acceptMultipart(app);
    // Photos still at their old public address move when the server starts (moveOldPhotos).
    app.addHook('onReady', async () => {
      // Storage being down must not keep the server from starting: the move runs again next time.
      await moveOldRecordPhotos(app, kind, table).catch((err) =>
        app.log.error({ err, kind }, 'old public photos were not moved'),
      );
    });

    app.post(
      '/:id/photo',
      {
        config: { permission },
        schema: {
          tags,
          summary: options.summaries.upload,
          consumes: ['multipart/form-data'],
          params: uuidParam,
          response: { 200: answer, ...PHOTO_FAILS },
        },
      },
      async (request) => {
        // Nothing is read or decoded for a record the caller may not change.
        const url = await receivePhoto(request, {
          storage: app.storage,
          limiter,
          userId: actorOf(request).userId,
          place: () =>
            scoped(request, async (tx, actor) => {
              const record = await options.find(tx, actor, request.params.id);
              return placeOf(actor, record.id);
            }),
        });
        return ok(await setPhoto(request, url), PHOTO_MESSAGES.uploaded);
      },
    );

    app.delete(
      '/:id/photo',
      {
        config: { permission },
        schema: {
          tags,
          summary: options.summaries.remove,
          params: uuidParam,
          response: { 200: answer, 401: failSchema, 403: failSchema, 404: failSchema },
        },
      },
      async (request) => ok(await setPhoto(request, ''), PHOTO_MESSAGES.removed),
    );

    app.get(
      '/:id/photo/:file',
      {
        config: { permission: options.readPermission },
        schema: { tags, summary: options.summaries.photo, params: uuidParam.extend(photoFileParam.shape) },
      },
      async (request, reply) => {
        const { place, current } = await scoped(request, async (tx, actor) => {
          const record = await options.find(tx, actor, request.params.id);
          return { place: placeOf(actor, record.id), current: record.photoUrl };
        });
        return sendPhoto(reply, app.storage, place, current, request.params.file);
      },
    );
  };
}
