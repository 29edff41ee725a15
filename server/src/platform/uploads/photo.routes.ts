import { failSchema, okSchema } from '@schooliko/common/http';
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
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { ok, answer as scopedAnswer } from '../../kit/answer';
import { type Actor, actorOf, scoped } from '../../kit/scope';
import type { visitors } from '../../modules/reception/reception.table';
import type { staff } from '../../modules/staff/staff.table';
import type { students } from '../../modules/students/students.table';
import { httpError } from '../../plugins/errors';
import { type RateLimiter, type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart } from '../../plugins/uploads';
import { type AuditEntity, recordChange } from '../audit';
import type { Storage } from './storage';
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
 * transaction; the same URL again changes nothing. The record must be one `find` lets the caller see.
 */
async function writePhoto(
  tx: Db,
  actor: Actor,
  target: { kind: PhotoKind; table: PhotoTable; find: Find },
  id: string,
  url: string,
) {
  const before = await target.find(tx, actor, id);
  if (before.photoUrl === url) return;
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
}

type Find = (tx: Db, actor: Actor, id: string) => Promise<{ id: string; photoUrl: string }>;

/**
 * The photo a multipart request sends as `file`, rate-limited per person: checked and re-encoded
 * by the uploads' pipeline (`storeImage`) and stored in the folder `folder` names, which is asked
 * for before the body is read (it may refuse). Answers the stored file's URL. The plugin the
 * route is in must `acceptMultipart`.
 */
export async function receivePhoto(
  request: FastifyRequest,
  to: { storage: Storage; limiter: RateLimiter; userId: string; folder: () => Promise<string> },
): Promise<string> {
  await to.limiter.consume([PHOTO_RATE_RULE, to.userId]);
  if (!request.isMultipart()) throw httpError(415, UPLOAD_MESSAGES.noFile);
  const folder = await to.folder();
  const form = await readUploadForm(request, { file: 'file', readLimitBytes: READ_LIMIT_BYTES });
  if (form.tooLarge) throw tooLarge(PHOTO_MAX_MB, sizeOfTooLarge(request, READ_LIMIT_BYTES));
  const stored = await storeImage(to.storage, folder, form.file ?? Buffer.alloc(0), PHOTO_RULES);
  return stored.url;
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

/** Where a record's photos are stored: a folder of its own, under a key nobody can guess. */
export const photoFolder = (instituteId: string, kind: PhotoKind, id: string) =>
  `people/${instituteId}/${kind}/${id}`.toLowerCase();

/**
 * `POST <prefix>/:id/photo` and `DELETE <prefix>/:id/photo` for a record kind with a `photo_url`
 * (docs/modules.md, "A record with a photo"). The record must be one the caller may change
 * (`find` answers 404 otherwise, also for another institute's id) before the body is read; the
 * picture goes through the uploads' pipeline (`storeImage`: type told by its bytes, re-encoded
 * without metadata) into `people/<institute>/<kind>/<id>/`, then the URL and its audit row are
 * written in one transaction, which answers the record as `read` gives it. DELETE sets '' the
 * same way (the stored file stays: the audit trail may name it).
 */
export function photoRoutes<Item>(options: {
  kind: PhotoKind;
  tags: string[];
  permission: Permission | readonly Permission[];
  /** The record's schema (the answer's `data`). */
  item: z.ZodTypeAny;
  /** The table of the kind's rows (they have `photo_url`). */
  table: PhotoTable;
  /** The record as the caller may see it, or a 404. */
  find: Find;
  /** The record as the answer shows it. */
  read: (tx: Db, actor: Actor, id: string) => Promise<Item>;
  summaries: { upload: string; remove: string };
}): FastifyPluginAsyncZod {
  const { kind, tags, permission } = options;
  const answer = okSchema(options.item);
  const setPhoto = (tx: Db, actor: Actor, id: string, url: string) =>
    writePhoto(tx, actor, options, id, url).then(() => options.read(tx, actor, id));
  return async (app) => {
    const limiter = rateLimiter(app);
    await acceptMultipart(app);

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
          folder: () =>
            scoped(request, async (tx, actor) => {
              const record = await options.find(tx, actor, request.params.id);
              return photoFolder(actor.institute.id, kind, record.id);
            }),
        });
        const data = await scoped(request, (tx, actor) => setPhoto(tx, actor, request.params.id, url));
        return ok(data, PHOTO_MESSAGES.uploaded);
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
      async (request) =>
        scopedAnswer(
          request,
          (tx, actor) => setPhoto(tx, actor, request.params.id, ''),
          PHOTO_MESSAGES.removed,
        ),
    );
  };
}
