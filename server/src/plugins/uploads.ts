import { mkdirSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The largest file any upload accepts (spec 9: a document, 10 MB); each route sets its own lower limit. */
export const MULTIPART_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Multipart bodies for every upload route, and the uploaded files served back under /uploads/.
 * Keys are chosen by the server and files re-encoded before they land here; `nosniff` keeps a
 * browser from reading them as anything but what their extension says.
 */
export async function registerUploads(app: FastifyInstance) {
  await app.register(fastifyMultipart, { limits: { fileSize: MULTIPART_MAX_BYTES, files: 1, fields: 20 } });
  // Files in an S3 bucket are served by the bucket; only the local disk is served from here.
  const root = app.storage.root;
  if (app.storage.kind !== 'local' || !root) return;
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.header('x-content-type-options', 'nosniff');
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
