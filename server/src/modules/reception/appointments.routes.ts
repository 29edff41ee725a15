import { listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import {
  APPOINTMENT_MESSAGES,
  appointmentInputSchema,
  appointmentListQuery,
  appointmentRequestSchema,
  appointmentSchema,
  appointmentStatusSchema,
  hostSchema,
} from '@schooliko/common/reception/appointments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { scoped } from '../../kit/scope';
import { scopedNotifying } from '../../platform/notifications/scoped-notifying';
import {
  bookAppointment,
  changeStatus,
  listAppointments,
  listHosts,
  readAppointment,
  requestAppointment,
} from './appointments.service';

const tags = ['reception'];

/** Appointments (issue 15) under /api/appointments: booked at the desk or requested by parents. */
export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: 'reception:read' },
      schema: {
        tags,
        summary: "A day's (or a range's) appointments",
        querystring: appointmentListQuery,
        response: { 200: okSchema(listSchema(appointmentSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listAppointments(tx, actor, request.query)),
  );
  app.post(
    '/',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Books a confirmed slot with a staff member (refused when the staff member is taken)',
        body: appointmentInputSchema,
        response: { 201: okSchema(appointmentSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => bookAppointment(tx, actor, request.body));
      reply.status(201);
      return ok(data, APPOINTMENT_MESSAGES.booked);
    },
  );
  app.get(
    '/hosts',
    {
      config: { permission: ['reception:read', 'appointments:request'] },
      schema: {
        tags,
        summary: 'The staff a slot may be booked with',
        response: { 200: okSchema(z.object({ items: z.array(hostSchema) })) },
      },
    },
    async (request) => answerItems(request, listHosts),
  );
  app.get(
    '/mine',
    {
      config: { permission: 'appointments:request' },
      schema: {
        tags,
        summary: "A parent's own appointment requests",
        querystring: appointmentListQuery,
        response: { 200: okSchema(listSchema(appointmentSchema)) },
      },
    },
    async (request) => answer(request, (tx, actor) => listAppointments(tx, actor, request.query, true)),
  );
  app.post(
    '/requests',
    {
      config: { permission: 'appointments:request' },
      schema: {
        tags,
        summary: 'A parent asks for a slot with a staff member (the desk confirms it)',
        body: appointmentRequestSchema,
        response: { 201: okSchema(appointmentSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => requestAppointment(tx, actor, request.body));
      reply.status(201);
      return ok(data, APPOINTMENT_MESSAGES.requested);
    },
  );
  app.get(
    '/:id',
    {
      config: { permission: 'reception:read' },
      schema: {
        tags,
        summary: 'One appointment',
        params: uuidParam,
        response: { 200: okSchema(appointmentSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => readAppointment(tx, actor, request.params.id)),
  );
  app.post(
    '/:id/status',
    {
      config: { permission: 'reception:write' },
      schema: {
        tags,
        summary: 'Confirms, checks in (a visitor pass), completes, cancels or marks a no-show',
        params: uuidParam,
        body: appointmentStatusSchema,
        response: { 200: okSchema(appointmentSchema) },
      },
    },
    async (request) => {
      const data = await scopedNotifying(request, (tx, hub, actor) =>
        changeStatus(tx, hub, actor, request.params.id, request.body.status),
      );
      return ok(data, APPOINTMENT_MESSAGES.statusChanged);
    },
  );
};
