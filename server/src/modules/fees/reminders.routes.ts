import {
  bulkReminderInput,
  REMINDER_MESSAGES,
  reminderOutcomeSchema,
  reminderScheduleInput,
  reminderScheduleSchema,
} from '@schooliko/common/fees/reminders';
import { listSchema, okSchema } from '@schooliko/common/http';
import { messageQuery, messageSchema } from '@schooliko/common/messaging';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { listMessages } from '../../platform/messaging/settings.service';
import { createSchedule, listSchedules, updateSchedule } from './reminder-schedules.service';
import { bulkRemind, startRun } from './reminders.service';

const tags = ['fees'];
const permission = 'fees:remind';

/** Fee reminders (issue 14 item 11): schedules, "Run now", the send log, and bulk reminders. */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reminders/schedules',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Reminder schedules, by offset from the due date',
        response: { 200: okSchema(z.object({ items: z.array(reminderScheduleSchema) })) },
      },
    },
    async (request) => answerItems(request, listSchedules),
  );
  app.post(
    '/reminders/schedules',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Adds a reminder schedule (and keeps the daily run queued)',
        body: reminderScheduleInput,
        response: { 201: okSchema(reminderScheduleSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await scoped(request, (tx, actor) => createSchedule(tx, actor, request.body)),
            REMINDER_MESSAGES.scheduleSaved,
          ),
        ),
  );
  app.put(
    '/reminders/schedules/:id',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Changes a reminder schedule (switching it off keeps its log)',
        params: uuidParam,
        body: reminderScheduleInput,
        response: { 200: okSchema(reminderScheduleSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => updateSchedule(tx, actor, request.params.id, request.body),
        REMINDER_MESSAGES.scheduleSaved,
      ),
  );
  app.post(
    '/reminders/run',
    {
      config: { permission },
      schema: {
        tags,
        summary: "Sends today's reminders now, as a job (nothing already sent goes again)",
        response: { 202: okSchema(z.object({ job_id: z.uuid() })) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(ok({ job_id: await scoped(request, startRun) }, REMINDER_MESSAGES.runQueued)),
  );
  app.post(
    '/reminders/bulk',
    {
      config: { permission },
      schema: {
        tags,
        summary: "Reminds the chosen defaulters' guardians of their overdue fees (once a day each)",
        body: bulkReminderInput,
        response: { 200: okSchema(reminderOutcomeSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => bulkRemind(tx, actor, request.body.student_ids),
        REMINDER_MESSAGES.bulkSent,
      ),
  );
  app.get(
    '/reminders/log',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The fee reminders sent, newest first, with their status',
        querystring: messageQuery.omit({ event: true }),
        response: { 200: okSchema(listSchema(messageSchema)) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => listMessages(tx, actor, { ...request.query, event: 'fee-' })),
  );
};
