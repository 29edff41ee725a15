import { failSchema } from '@schooliko/common/http';
import { formatMb, MB, maxMbFor, parseUploadFolder, UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpError } from '../../plugins/errors';
import { clientIp, rateLimiter } from '../../plugins/rate-limit';
import { requireUploader, UPLOAD_RATE_RULES } from './uploads.policy';
import { storeImage } from './uploads.service';

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

type Form = { folder?: string; file?: Buffer; fileTooLarge: boolean };

/** Reads `folder` and `file` from the multipart body, whichever comes first. */
async function readForm(request: FastifyRequest): Promise<Form> {
  const form: Form = { fileTooLarge: false };
  // Too-large files are cut off and flagged rather than thrown, so the answer can say the limit.
  const options = {
    limits: { fileSize: READ_LIMIT_BYTES, files: 1, fields: 4, fieldSize: 500 },
    throwFileSizeLimit: false,
  } as Parameters<FastifyRequest['parts']>[0];
  for await (const part of request.parts(options)) {
    if (part.type === 'field') {
      if (part.fieldname === 'folder' && typeof part.value === 'string') form.folder = part.value.trim();
    } else if (part.fieldname === 'file' && !form.file) {
      const data = await part.toBuffer();
      if (part.file.truncated) form.fileTooLarge = true;
      else form.file = data;
    } else {
      part.file.resume();
    }
  }
  return form;
}

/**
 * POST /api/uploads (spec 7.6's upload, DESIGN.md section 4): one image into a folder of spec
 * 7.6's shape. The folder only names where it goes; the key under it is ours.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = rateLimiter(app);

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
      const form = await readForm(request);

      const folder = parseUploadFolder(form.folder ?? '');
      if (!folder) throw httpError(400, UPLOAD_MESSAGES.badFolder, { folder: UPLOAD_MESSAGES.badFolder });
      const limitMb = maxMbFor(folder.target);
      if (form.fileTooLarge) {
        throw httpError(413, UPLOAD_MESSAGES.tooLarge(limitMb, `more than ${READ_LIMIT_BYTES / MB}MB`));
      }
      if (!form.file?.length) throw httpError(400, UPLOAD_MESSAGES.noFile, { file: UPLOAD_MESSAGES.noFile });
      if (form.file.length > folder.maxBytes) {
        throw httpError(413, UPLOAD_MESSAGES.tooLarge(limitMb, formatMb(form.file.length)));
      }

      const stored = await storeImage(app.storage, form.folder as string, form.file);
      const data = {
        secure_url: stored.url,
        key: stored.key,
        bytes: stored.bytes,
        content_type: stored.contentType,
      };
      return { success: true as const, message: UPLOAD_MESSAGES.uploaded, data, secure_url: stored.url };
    },
  );
};
