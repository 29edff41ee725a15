import { DEFAULT_RECEIPT_PREFIX, FEE_MESSAGES, feeSettingsSchema } from '@schooliko/common/fees/fees';
import { okSchema } from '@schooliko/common/http';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { feeSettings } from './fees.table';

const tags = ['fees'];

/** The institute's fee settings: the receipt number's prefix ("RCPT/2026-27/00001"). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: { permission: 'fees:read' },
      schema: { tags, summary: 'Fee settings', response: { 200: okSchema(feeSettingsSchema) } },
    },
    async (request) => {
      const [row] = await scoped(request, (tx, actor) =>
        tx.select().from(feeSettings).where(eq(feeSettings.instituteId, actor.institute.id)),
      );
      return ok({ receipt_prefix: row?.receiptPrefix ?? DEFAULT_RECEIPT_PREFIX });
    },
  );
  app.put(
    '/settings',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Changes the fee settings (new receipts use the new prefix)',
        body: feeSettingsSchema,
        response: { 200: okSchema(feeSettingsSchema) },
      },
    },
    async (request) => {
      await scoped(request, (tx, actor) =>
        tx
          .insert(feeSettings)
          .values({ instituteId: actor.institute.id, receiptPrefix: request.body.receipt_prefix })
          .onConflictDoUpdate({
            target: [feeSettings.instituteId],
            set: { receiptPrefix: request.body.receipt_prefix },
          }),
      );
      return ok(request.body, FEE_MESSAGES.settingsSaved);
    },
  );
};
