import { listSchema, okSchema } from '@schooliko/common/http';
import {
  deliveryReportAnswer,
  deliveryReportQuery,
  MESSAGING_MESSAGES,
  messageQuery,
  messageSchema,
  messagingSettingsInput,
  messagingSettingsSchema,
  optOutInput,
  optOutSchema,
  smsTemplateInput,
  smsTemplateSchema,
} from '@schooliko/common/messaging';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import {
  addTemplate,
  deactivateTemplate,
  listMessages,
  listTemplates,
  readSettings,
  saveSettings,
  setOptOut,
} from './settings.service';
import { receiveReport } from './sms.delivery';

const tags = ['messaging'];

/** The messaging channel's settings (DLT, quiet hours), SMS templates, send log and opt-outs. */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const smsProvider = Boolean(app.config.SMS_API_KEY);

  app.get(
    '/settings',
    {
      config: { permission: 'messaging:read' },
      schema: {
        tags,
        summary: 'DLT registration and quiet hours',
        response: { 200: okSchema(messagingSettingsSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => readSettings(tx, actor, smsProvider)),
  );
  app.put(
    '/settings',
    {
      config: { permission: 'messaging:configure' },
      schema: {
        tags,
        summary: 'Saves the DLT entity id, the sender header and the quiet hours',
        body: messagingSettingsInput,
        response: { 200: okSchema(messagingSettingsSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        async (tx, actor) => {
          await saveSettings(tx, actor, request.body);
          return readSettings(tx, actor, smsProvider);
        },
        MESSAGING_MESSAGES.settingsSaved,
      ),
  );
  app.get(
    '/templates',
    {
      config: { permission: ['messaging:read', 'fees:remind'] },
      schema: {
        tags,
        summary: 'The DLT-registered SMS templates, active first',
        response: { 200: okSchema(z.object({ items: z.array(smsTemplateSchema) })) },
      },
    },
    async (request) => answerItems(request, listTemplates),
  );
  app.post(
    '/templates',
    {
      config: { permission: 'messaging:configure' },
      schema: {
        tags,
        summary: 'Registers an SMS template (its DLT id and exact text)',
        body: smsTemplateInput,
        response: { 201: okSchema(smsTemplateSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await scoped(request, (tx, actor) => addTemplate(tx, actor, request.body)),
            MESSAGING_MESSAGES.templateAdded,
          ),
        ),
  );
  app.post(
    '/templates/:id/deactivate',
    {
      config: { permission: 'messaging:configure' },
      schema: {
        tags,
        summary: 'Deactivates an SMS template: it can no longer be sent',
        params: uuidParam,
        response: { 200: okSchema(smsTemplateSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => deactivateTemplate(tx, actor, request.params.id),
        MESSAGING_MESSAGES.templateDeactivated,
      ),
  );
  app.get(
    '/messages',
    {
      config: { permission: 'messaging:read' },
      schema: {
        tags,
        summary: 'The send log, newest first, with each message’s status',
        querystring: messageQuery,
        response: { 200: okSchema(listSchema(messageSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listMessages(tx, actor, request.query)),
  );
  app.put(
    '/opt-outs/:id',
    {
      config: { permission: 'messaging:configure' },
      schema: {
        tags,
        summary: 'Opts a guardian out of every message, or back in (audited)',
        params: uuidParam,
        body: optOutInput,
        response: { 200: okSchema(optOutSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => setOptOut(tx, actor, request.params.id, request.body.opted_out),
        MESSAGING_MESSAGES.optOutSaved,
      ),
  );
  // The gateway's "Push DLR" URL (public: the secret SMS_DLR_TOKEN in it is the credential;
  // 401 with the code otherwise). Idempotent: a repeated report answers `repeated`.
  app.get(
    '/sms/delivery-reports',
    {
      schema: {
        tags,
        summary:
          'SMS delivery report pushed by the gateway (token in the URL): delivered or undelivered, once',
        querystring: deliveryReportQuery,
        response: { 200: okSchema(deliveryReportAnswer) },
      },
    },
    async (request) => ok({ outcome: await receiveReport(app, request.query) }),
  );
};
