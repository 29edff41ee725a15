import {
  formatMegabytes,
  GROUP_LOGO_MAX_MB,
  GROUP_LOGO_MESSAGES,
  GROUP_TYPES,
  groupLogoAnswerSchema,
} from '@schooliko/common/groups';
import { failSchema, okSchema } from '@schooliko/common/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { httpError } from '../../plugins/errors';
import { type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { logoStorage, processLogo } from './groups.logo';
import { GROUP_DIRECTOR_ROLES } from './groups.policy';

/** Uploads past this are cut off unread; the answer still names their size (from Content-Length). */
const READ_LIMIT_BYTES = 4 * GROUP_LOGO_MAX_MB * 1024 * 1024;

const prerequisite = (schema: z.ZodType<string, string>) =>
  z
    .string({ error: GROUP_LOGO_MESSAGES.prerequisites })
    .transform((raw) => {
      // Browsers send header values as Latin-1; the client URI-encodes names in other scripts.
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    })
    .pipe(schema);

const text = z
  .string()
  .trim()
  .min(1, GROUP_LOGO_MESSAGES.prerequisites)
  .max(200, GROUP_LOGO_MESSAGES.prerequisites);

/** Spec 7.2 / 4.8: the form's logo, uploaded before the group exists, once type, name, city and pincode are filled. */
const logoHeadersSchema = z.looseObject({
  'x-group-type': prerequisite(z.enum(GROUP_TYPES, { error: GROUP_LOGO_MESSAGES.prerequisites })),
  'x-group-name': prerequisite(text),
  'x-group-city': prerequisite(text),
  'x-group-pincode': prerequisite(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, GROUP_LOGO_MESSAGES.prerequisites),
  ),
});

const fails = {
  400: failSchema,
  401: failSchema,
  403: failSchema,
  413: failSchema,
  415: failSchema,
  429: failSchema,
};

/** Uploads are costly to decode; a director setting up a group needs a handful. */
export const GROUP_LOGO_RATE_RULE: RateRule = { name: 'group-logo', max: 30, windowSeconds: 600 };

export const groupLogoRoute: FastifyPluginAsyncZod = async (app) => {
  const logos = logoStorage(app.storage);
  const limiter = rateLimiter(app);

  app.post(
    '/temp/logo',
    {
      schema: {
        tags: ['groups'],
        summary: 'Upload a group logo (multipart field `logo`; JPG, PNG, GIF or WebP under 1 MB)',
        consumes: ['multipart/form-data'],
        headers: logoHeadersSchema,
        response: { 200: okSchema(groupLogoAnswerSchema), ...fails },
      },
      // Who may upload is checked before the headers are.
      onRequest: async (request) => {
        const ctx = await requireAuth(request, GROUP_DIRECTOR_ROLES);
        await limiter.consume([GROUP_LOGO_RATE_RULE, ctx.userId]);
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw httpError(400, GROUP_LOGO_MESSAGES.noFile);
      const file = await request.file({ limits: { fileSize: READ_LIMIT_BYTES, files: 1 } });
      if (file?.fieldname !== 'logo') throw httpError(400, GROUP_LOGO_MESSAGES.noFile);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        const declared = Number(request.headers['content-length']) || READ_LIMIT_BYTES;
        throw httpError(413, GROUP_LOGO_MESSAGES.tooLarge(GROUP_LOGO_MAX_MB, formatMegabytes(declared)));
      }
      const logo = await processLogo(bytes);
      const url = await logos.saveTemp(logo.data, logo.ext);
      return { success: true as const, message: GROUP_LOGO_MESSAGES.uploaded, data: { group_logo: url } };
    },
  );
};
