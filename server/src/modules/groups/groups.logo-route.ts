import { GROUP_LOGO_MAX_MB, GROUP_LOGO_MESSAGES } from '@schooliko/common/group-logo';
import { GROUP_TYPES, groupLogoAnswerSchema } from '@schooliko/common/groups';
import { failSchema, okSchema } from '@schooliko/common/http';
import { MB } from '@schooliko/common/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { readUploadForm, sizeOfTooLarge } from '../../platform/uploads/uploads.multipart';
import { tooLarge } from '../../platform/uploads/uploads.service';
import { requireAuth } from '../../plugins/auth';
import { httpError } from '../../plugins/errors';
import { type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart } from '../../plugins/uploads';
import { logoStorage } from './groups.logo';
import { GROUP_DIRECTOR_ROLES } from './groups.policy';

/** Uploads past this are cut off unread; the answer still names their size (from Content-Length). */
const READ_LIMIT_BYTES = 4 * GROUP_LOGO_MAX_MB * MB;

const prerequisite = (schema: z.ZodType<string, string>) =>
  z
    .string(GROUP_LOGO_MESSAGES.prerequisites)
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
  'x-group-type': prerequisite(z.enum(GROUP_TYPES, GROUP_LOGO_MESSAGES.prerequisites)),
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
  503: failSchema,
};

/** Uploads are costly to decode; a director setting up a group needs a handful. */
export const GROUP_LOGO_RATE_RULE: RateRule = { name: 'group-logo', max: 30, windowSeconds: 600 };

export const groupLogoRoute: FastifyPluginAsyncZod = async (app) => {
  const logos = logoStorage(app.storage);
  const limiter = rateLimiter(app);
  await acceptMultipart(app);

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
      const form = await readUploadForm(request, { file: 'logo', readLimitBytes: READ_LIMIT_BYTES });
      if (form.tooLarge) throw tooLarge(GROUP_LOGO_MAX_MB, sizeOfTooLarge(request, READ_LIMIT_BYTES));
      const url = await logos.saveTemp(form.file ?? Buffer.alloc(0));
      return ok({ group_logo: url }, GROUP_LOGO_MESSAGES.uploaded);
    },
  );
};
