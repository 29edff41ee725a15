import {
  cancelPaymentSchema,
  duesAnswerSchema,
  duesQuery,
  FEE_MESSAGES,
  feeHeadInputSchema,
  feeHeadSchema,
  feeStructureInputSchema,
  feeStructureQuery,
  feeStructureSchema,
  generateDuesSchema,
  paymentCreatedSchema,
  paymentInputSchema,
  paymentListQuery,
  paymentSchema,
} from '@schooliko/common/fees/fees';
import { listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { scopedNotifying } from '../../platform/notifications/scoped-notifying';
import { certificateRoutes } from './certificate.routes';
import { concessionsRoutes } from './concessions.routes';
import { duesRoutes } from './dues.routes';
import { examFeesRoutes } from './exam-fees.routes';
import { announceDuesChanged } from './fees.live';
import { startGeneration } from './generate.service';
import { createHead, listHeads, updateHead } from './heads.service';
import { onlineRoutes } from './online.routes';
import { findPayment, listPayments } from './payments.read';
import { cancelPayment, postPayment } from './payments.service';
import { receiptPdf } from './receipt.service';
import { refundsRoutes } from './refunds.routes';
import { remindersRoutes } from './reminders.routes';
import { settingsRoutes } from './settings.routes';
import { createStructure, findStructure, listStructures } from './structures.service';
import { duesOf } from './student-dues.read';

const tags = ['fees'];
const READ = ['fees:read', 'fees:read:own'] as const;

/** Fees (issue 14): heads, structures and their dues, counter payments and receipts. */
export const feesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(settingsRoutes);
  await app.register(onlineRoutes);
  await app.register(refundsRoutes);
  await app.register(duesRoutes);
  await app.register(concessionsRoutes);
  await app.register(certificateRoutes);
  await app.register(examFeesRoutes);
  await app.register(remindersRoutes);

  // ---- Fee heads (Add Fees Type) ----
  app.get(
    '/heads',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: "The institute's fee heads",
        response: { 200: okSchema(z.object({ items: z.array(feeHeadSchema) })) },
      },
    },
    async (request) => answerItems(request, listHeads),
  );
  app.post(
    '/heads',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Adds a fee head',
        body: feeHeadInputSchema,
        response: { 201: okSchema(feeHeadSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createHead(tx, actor, request.body));
      reply.status(201);
      return ok(data, FEE_MESSAGES.headCreated);
    },
  );
  app.put(
    '/heads/:id',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Changes a fee head',
        params: uuidParam,
        body: feeHeadInputSchema,
        response: { 200: okSchema(feeHeadSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => updateHead(tx, actor, request.params.id, request.body),
        FEE_MESSAGES.headSaved,
      ),
  );

  // ---- Structures and their dues ----
  app.get(
    '/structures',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: "A year's fee structures (the current year unless named)",
        querystring: feeStructureQuery,
        response: { 200: okSchema(z.object({ items: z.array(feeStructureSchema) })) },
      },
    },
    async (request) =>
      answerItems(request, (tx, actor) => listStructures(tx, actor, request.query.academic_year_id)),
  );
  app.get(
    '/structures/:id',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: 'One fee structure',
        params: uuidParam,
        response: { 200: okSchema(feeStructureSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => findStructure(tx, actor, request.params.id)),
  );
  app.post(
    '/structures',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: "Adds a class's fee structure for a year: instalments and an amount per head in each",
        body: feeStructureInputSchema,
        response: { 201: okSchema(feeStructureSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createStructure(tx, actor, request.body));
      reply.status(201);
      return ok(data, FEE_MESSAGES.structureCreated);
    },
  );
  app.post(
    '/generate',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary:
          "Generates the dues of structures' classes as a job (202; running it again creates nothing twice)",
        body: generateDuesSchema,
        response: { 202: okSchema(z.object({ job_id: z.string() })) },
      },
    },
    async (request, reply) => {
      const jobId = await scoped(request, (tx, actor) =>
        startGeneration(tx, actor, request.body.structure_ids),
      );
      reply.status(202);
      return ok({ job_id: jobId }, FEE_MESSAGES.generateQueued);
    },
  );
  app.get(
    '/dues',
    {
      config: { permission: [...READ] },
      schema: {
        tags,
        summary: "A student's dues, oldest first, with what is paid, what is left and any advance",
        querystring: duesQuery,
        response: { 200: okSchema(duesAnswerSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => duesOf(tx, actor, request.query.student_id)),
  );

  // ---- Payments and receipts ----
  app.get(
    '/payments',
    {
      config: { permission: [...READ] },
      schema: {
        tags,
        summary: 'Receipts, newest first (a student, a day, a mode, or a search)',
        querystring: paymentListQuery,
        response: { 200: okSchema(listSchema(paymentSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listPayments(tx, actor, request.query)),
  );
  app.post(
    '/payments',
    {
      config: { permission: 'fees:collect' },
      schema: {
        tags,
        summary: 'Posts a counter payment: oldest dues first, the rest an advance; a gap-free receipt number',
        body: paymentInputSchema,
        response: { 201: okSchema(paymentCreatedSchema) },
      },
    },
    async (request, reply) => {
      const data = await scopedNotifying(request, (tx, hub, actor) =>
        postPayment(tx, actor, request.body, hub),
      );
      if (request.actor) await announceDuesChanged(app, request.actor.institute.id, request.body.student_id);
      reply.status(201);
      return ok(data, FEE_MESSAGES.paymentCollected);
    },
  );
  app.get(
    '/payments/:id',
    {
      config: { permission: [...READ] },
      schema: {
        tags,
        summary: 'One receipt with its lines',
        params: uuidParam,
        response: { 200: okSchema(paymentSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => findPayment(tx, actor, request.params.id)),
  );
  app.post(
    '/payments/:id/cancel',
    {
      config: { permission: 'fees:cancel' },
      schema: {
        tags,
        summary: 'Cancels a receipt by posting its reversal (the number stays used)',
        params: uuidParam,
        body: cancelPaymentSchema,
        response: { 200: okSchema(paymentSchema) },
      },
    },
    async (request) => {
      const data = await scoped(request, async (tx, actor) => {
        await cancelPayment(tx, actor, request.params.id, request.body.reason);
        return findPayment(tx, actor, request.params.id);
      });
      if (request.actor) await announceDuesChanged(app, request.actor.institute.id, data.student_id);
      return ok(data, FEE_MESSAGES.receiptCancelled);
    },
  );
  app.get(
    '/payments/:id/receipt.pdf',
    {
      config: { permission: [...READ] },
      schema: {
        tags,
        summary: 'The receipt as a PDF (every print after the first says DUPLICATE)',
        params: uuidParam,
      },
    },
    async (request, reply) => {
      const { pdf, receiptNo } = await scoped(request, (tx, actor) =>
        receiptPdf(tx, actor, request.params.id, app.storage),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${receiptNo.replaceAll('/', '-')}.pdf"`)
        .send(pdf);
    },
  );
};
