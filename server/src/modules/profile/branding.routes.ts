import { failSchema, okSchema } from '@schooliko/common/http';
import { BRANDING_ROLES, brandingSchema } from '@schooliko/common/institutes';
import { CONTACT_MESSAGES } from '@schooliko/common/profile';
import {
  type BrandingSlot,
  brandingSlotMaxMb,
  brandingSlotSchema,
  brandingUpdateSchema,
} from '@schooliko/common/profile-branding';
import { MB, UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { actorOf } from '../../kit/scope';
import { institutes } from '../../platform/institutes';
import { toBranding } from '../../platform/institutes/institutes.service';
import { readUploadForm, sizeOfTooLarge } from '../../platform/uploads/uploads.multipart';
import { storeImage, tooLarge } from '../../platform/uploads/uploads.service';
import { httpError } from '../../plugins/errors';
import { type RateRule, rateLimiter } from '../../plugins/rate-limit';
import { acceptMultipart } from '../../plugins/uploads';
import { assertCanEditProfile } from './profile.policy';

const PERMISSION = 'institute:branding' as const;

/** Bodies past this are cut off unread; below it the 413 can still name the size sent. */
const READ_LIMIT_BYTES = 10 * MB;

/** Decoding images is costly; setting up a logo, a cover and five role images needs a few. */
export const BRANDING_RATE_RULE: RateRule = { name: 'branding-image', max: 60, windowSeconds: 600 };

/** The largest side each picture keeps (never scaled up): a logo is shown small, a cover wide. */
const MAX_SIDE: Record<'logo' | 'cover' | 'role', number> = { logo: 512, cover: 1920, role: 720 };

/** Where an institute's branding pictures are stored: a folder per slot, keys nobody can guess. */
export function brandingFolder(instituteId: string, slot: BrandingSlot): string {
  const base = `branding/${instituteId.toLowerCase()}`;
  return slot === 'logo' || slot === 'cover' ? `${base}/${slot}` : `${base}/roles/${slot}`;
}

const fails = {
  400: failSchema,
  401: failSchema,
  403: failSchema,
  413: failSchema,
  415: failSchema,
  429: failSchema,
  503: failSchema,
};

/**
 * Update Profile's branding (issue 17 item 9), for the institute's admins and its group's
 * directors: pictures are uploaded one at a time through the uploads' pipeline (type told by the
 * bytes, re-encoded, scaled), then PUT saves the name, slogan and the chosen pictures' addresses.
 * The branding cache forgets the institute at once, on every instance.
 */
export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const limiter = rateLimiter(app);
  await acceptMultipart(app);

  app.post(
    '/images',
    {
      config: { permission: PERMISSION },
      schema: {
        tags: ['profile'],
        summary: 'Upload a branding picture (multipart: slot = logo, cover or a role; file)',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(z.object({ slot: z.string(), url: z.string() })), ...fails },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await assertCanEditProfile(db, actor);
      await limiter.consume([BRANDING_RATE_RULE, actor.userId]);
      if (!request.isMultipart()) throw httpError(415, UPLOAD_MESSAGES.noFile);
      const form = await readUploadForm(request, {
        file: 'file',
        fields: ['slot'],
        readLimitBytes: READ_LIMIT_BYTES,
      });
      const parsed = brandingSlotSchema.safeParse(form.fields.slot);
      if (!parsed.success)
        throw httpError(400, CONTACT_MESSAGES.slotInvalid, { slot: CONTACT_MESSAGES.slotInvalid });
      const slot = parsed.data;
      const maxMb = brandingSlotMaxMb(slot);
      if (form.tooLarge) throw tooLarge(maxMb, sizeOfTooLarge(request, READ_LIMIT_BYTES));
      const role = slot !== 'logo' && slot !== 'cover';
      const stored = await storeImage(
        app.storage,
        brandingFolder(actor.institute.id, slot),
        form.file ?? Buffer.alloc(0),
        {
          maxMb,
          maxSide: MAX_SIDE[role ? 'role' : slot],
          field: 'file',
          failedMessage: slot === 'logo' ? UPLOAD_MESSAGES.logoFailed : UPLOAD_MESSAGES.imageFailed,
        },
      );
      return ok({ slot, url: stored.url }, CONTACT_MESSAGES.imageUploaded);
    },
  );

  app.put(
    '/',
    {
      config: { permission: PERMISSION },
      schema: {
        tags: ['profile'],
        summary: "Saves the institute's name, slogan, logo, cover and role images",
        body: brandingUpdateSchema,
        response: { 200: okSchema(brandingSchema), ...fails },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await assertCanEditProfile(db, actor);
      const body = request.body;
      const [after] = await db
        .update(institutes)
        .set({
          name: body.institute_name,
          slogan: body.slogan || null,
          logoUrl: body.logo_url || null,
          coverImageUrl: body.cover_image_url || null,
          roleImages: BRANDING_ROLES.filter((role) => body.role_images[role]).map((role) => ({
            role,
            image_url: body.role_images[role],
          })),
        })
        .where(eq(institutes.id, actor.institute.id))
        .returning();
      if (!after) throw new Error('institute not found');
      // The sign-in pages, the landing page and the public site show the new branding at once.
      await app.institutes.forget(after.domain, after.subdomain);
      return ok(toBranding(after), CONTACT_MESSAGES.brandingSaved);
    },
  );
};
