import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './errors';

/**
 * Keys under this prefix are private (homework attachments and submitted work): /uploads never
 * serves them, and an S3 bucket policy must not make them public; a module's own route streams
 * them to whoever may see them.
 */
export const PRIVATE_PREFIX = 'private/';

/**
 * Where people's photos were kept before they became private (issue 27): whatever is left there
 * is never served either, so a photo's old public address answers 404.
 */
export const OLD_PHOTOS_PREFIX = 'people/';

/** The largest file any upload accepts (spec 9: a document, 10 MB); each route sets its own lower limit. */
export const MULTIPART_MAX_BYTES = 10 * 1024 * 1024;

const NOT_FOUND = 'File not found';

/**
 * Multipart bodies, for the routes that take an upload: register it in their own plugin. Only
 * there, because the plugin adds hooks to every request of the context it is registered in.
 */
export async function acceptMultipart(app: FastifyInstance) {
  await app.register(fastifyMultipart, { limits: { fileSize: MULTIPART_MAX_BYTES, files: 1, fields: 20 } });
}

/**
 * The files of local storage served back at /uploads/<key> (files in an S3 bucket are served by
 * the bucket). Keys are chosen by the server and files re-encoded before they land; only a stored
 * file is ever answered: a traversal, a folder, an unknown or a private key (or a person's photo
at its old public place) is a 404. `nosniff` keeps a
 * browser from reading a file as anything but its type, and a key never changes its bytes, so it
 * may be cached for good.
 */
export async function registerUploads(app: FastifyInstance) {
  const serve = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const key = request.params['*'] ?? '';
    const hidden = key.startsWith(PRIVATE_PREFIX) || key.startsWith(OLD_PHOTOS_PREFIX);
    const file = hidden ? null : await app.storage.open?.(key);
    if (!file) return reply.status(404).send(failure(404, NOT_FOUND));
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.handle.createReadStream());
  };
  const schema = { hide: true };
  app.get('/uploads', { schema }, serve);
  app.get('/uploads/*', { schema }, serve);
}
