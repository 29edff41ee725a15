import type { Ok } from '@schooliko/common/http';
import type { Message } from '@schooliko/common/messages';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { type Actor, scoped } from './scope';

/**
 * The success envelope every route answers (DESIGN.md section 4): its data, and the text of a
 * message when the screen shows one.
 */
export function ok<T>(data: T, message?: Message | string): Ok<T> {
  return message === undefined ? { success: true, data } : { success: true, message: `${message}`, data };
}

/**
 * A route's usual body: its work, run in the caller's institute (`scoped`), answered in the
 * success envelope. The route's own options (permission, schemas) stay where the security suites
 * read them; its reply type still comes from its schemas:
 * `async (request) => answer(request, (tx, actor) => listEvents(tx, actor, request.query))`.
 */
export async function answer<T>(
  request: FastifyRequest,
  work: (tx: Db, actor: Actor) => Promise<T>,
  message?: Message | string,
): Promise<Ok<T>> {
  return ok(await scoped(request, work), message);
}

/** `answer` for a route whose data is a list and nothing else: `{ items }`. */
export async function answerItems<T>(
  request: FastifyRequest,
  work: (tx: Db, actor: Actor) => Promise<T[]>,
  message?: Message | string,
): Promise<Ok<{ items: T[] }>> {
  return ok({ items: await scoped(request, work) }, message);
}
