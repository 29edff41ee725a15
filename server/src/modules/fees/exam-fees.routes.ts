import {
  carryForwardInputSchema,
  carryForwardPreviewSchema,
  examFeeCreatedSchema,
  examFeeInputSchema,
  examFeeQuery,
  examFeeSchema,
} from '@schooliko/common/fees/exams';
import { bounceFineSchema, bounceSchema, FEE_MESSAGES, paymentSchema } from '@schooliko/common/fees/fees';
import { listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { bounceCheque, bounceFineOf, saveBounceFine } from './bounce.service';
import { previewCarryForward, startCarryForward } from './carry-forward.service';
import { createExamFee, findExamFee, listExamFees, startExamBilling } from './exam-fees.service';
import { announceDuesChanged } from './fees.live';

const tags = ['fees'];
const queued = { 202: okSchema(z.object({ job_id: z.string() })) };

/** Exam fees, previous-year dues carried forward, and bounced cheques (issue 14 items 8–10). */
export const examFeesRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- Exam fees ----
  app.get(
    '/exam-fees',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: 'Exam fee demands, newest first, with how many billed, collected and outstanding',
        querystring: examFeeQuery,
        response: { 200: okSchema(listSchema(examFeeSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listExamFees(tx, actor, request.query)),
  );
  app.get(
    '/exam-fees/:id',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: 'One exam fee demand',
        params: uuidParam,
        response: { 200: okSchema(examFeeSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => findExamFee(tx, actor, request.params.id)),
  );
  app.post(
    '/exam-fees',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: "Adds an exam fee and bills its classes' enrolled students as a job (202)",
        body: examFeeInputSchema,
        response: { 202: okSchema(examFeeCreatedSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createExamFee(tx, actor, request.body));
      reply.status(202);
      return ok(data, FEE_MESSAGES.examCreated);
    },
  );
  app.post(
    '/exam-fees/:id/bill',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Bills the exam fee again: students enrolled since get theirs, nobody twice (202)',
        params: uuidParam,
        response: queued,
      },
    },
    async (request, reply) => {
      const jobId = await scoped(request, (tx, actor) => startExamBilling(tx, actor, request.params.id));
      reply.status(202);
      return ok({ job_id: jobId }, FEE_MESSAGES.examCreated);
    },
  );

  // ---- Previous-year dues carried forward ----
  app.get(
    '/carry-forward',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: "What carrying a year's unpaid dues into the next would move, and what was carried",
        querystring: carryForwardInputSchema,
        response: { 200: okSchema(carryForwardPreviewSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => previewCarryForward(tx, actor, request.query)),
  );
  app.post(
    '/carry-forward',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: "Carries each student's unpaid balance of a year into the next as a job (202; idempotent)",
        body: carryForwardInputSchema,
        response: queued,
      },
    },
    async (request, reply) => {
      const jobId = await scoped(request, (tx, actor) => startCarryForward(tx, actor, request.body));
      reply.status(202);
      return ok({ job_id: jobId }, FEE_MESSAGES.carryQueued);
    },
  );

  // ---- Bounced cheques ----
  app.get(
    '/bounce-fine',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: 'The fine a bounced cheque adds (0: none)',
        response: { 200: okSchema(bounceFineSchema) },
      },
    },
    async (request) =>
      ok({
        amount_paise: await scoped(request, (tx, actor) => bounceFineOf(tx, actor.institute.id)),
      }),
  );
  app.put(
    '/bounce-fine',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Sets the fine a bounced cheque adds (0: none)',
        body: bounceFineSchema,
        response: { 200: okSchema(bounceFineSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => saveBounceFine(tx, actor, request.body.amount_paise),
        FEE_MESSAGES.bounceFineSaved,
      ),
  );
  app.post(
    '/payments/:id/bounce',
    {
      config: { permission: 'fees:cancel' },
      schema: {
        tags,
        summary: 'A cheque or DD bounced: reverses the receipt and may add the bounce fine as a due',
        params: uuidParam,
        body: bounceSchema,
        response: { 200: okSchema(paymentSchema) },
      },
    },
    async (request) => {
      const data = await scoped(request, (tx, actor) =>
        bounceCheque(tx, actor, request.params.id, request.body),
      );
      if (request.actor) await announceDuesChanged(app, request.actor.institute.id, data.student_id);
      return ok(data, FEE_MESSAGES.chequeBounced);
    },
  );
};
