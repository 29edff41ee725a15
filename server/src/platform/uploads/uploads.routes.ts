import { failSchema } from '@schooliko/common/http';
import { MB, parseUploadFolder, UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpError } from '../../plugins/errors';
import { clientIp, rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart } from '../../plugins/uploads';
import { readUploadForm, sizeOfTooLarge } from './uploads.multipart';
import { requireUploader, UPLOAD_RATE_RULES } from './uploads.policy';
import { storeImage, tooLarge } from './uploads.service';

/** Bodies past this are cut off unread; below it we can still tell the person the size. */
const READ_LIMIT_BYTES = 10 * MB;

const uploadedSchema = z.object({
  secure_url: z.string(),
  key: z.string(),
  bytes: z.number(),
  content_type: z.string(),
});

const answerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: uploadedSchema,
  /** The original client read secure_url at the top level (spec 7.6). */
  secure_url: z.string(),
});

/**
 * POST /api/uploads (spec 7.6's upload, DESIGN.md section 4): one image into a folder of spec
 * 7.6's shape. The folder only names where it goes; the key under it is ours.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app);
  await acceptMultipart(app);

  app.post(
    '/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (multipart: file, folder); answers its secure_url',
        consumes: ['multipart/form-data'],
        response: {
          200: answerSchema,
          400: failSchema,
          401: failSchema,
          413: failSchema,
          415: failSchema,
          429: failSchema,
          503: failSchema,
        },
      },
    },
    async (request) => {
      await limiter.consume([UPLOAD_RATE_RULES.ip, clientIp(request)]);
      await requireUploader(request);
      if (!request.isMultipart()) throw httpError(415, UPLOAD_MESSAGES.noFile);
      const form = await readUploadForm(request, {
        file: 'file',
        fields: ['folder'],
        readLimitBytes: READ_LIMIT_BYTES,
      });

      const folderName = form.fields.folder ?? '';
      const folder = parseUploadFolder(folderName);
      if (!folder) throw httpError(400, UPLOAD_MESSAGES.badFolder, { folder: UPLOAD_MESSAGES.badFolder });
      if (form.tooLarge) throw tooLarge(folder.maxMb, sizeOfTooLarge(request, READ_LIMIT_BYTES));
      const stored = await storeImage(app.storage, folderName, form.file ?? Buffer.alloc(0), {
        maxMb: folder.maxMb,
        field: 'file',
        failedMessage: UPLOAD_MESSAGES.imageFailed,
      });
      const data = {
        secure_url: stored.url,
        key: stored.key,
        bytes: stored.bytes,
        content_type: stored.contentType,
      };
      return { success: true as const, message: UPLOAD_MESSAGES.uploaded.text, data, secure_url: stored.url };
    },
  );
};
