import type { OutgoingHttpHeaders } from 'node:http';
import { ACCESS_TOKEN_SECONDS } from '@schooliko/common/auth';
import { FEES_STREAM_EVENT } from '@schooliko/common/fees/live';
import { failSchema } from '@schooliko/common/http';
import { JOB_STREAM_EVENT } from '@schooliko/common/jobs';
import { NOTIFICATION_STREAM_EVENT } from '@schooliko/common/notifications';
import { allows } from '@schooliko/common/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { permissionsOf } from '../../kit/permissions';
import { authenticate, bearer } from '../../plugins/auth';
import { toNotificationItem } from './notifications.service';

const PING_MS = 25_000;

function tokenLifetimeMs(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') return Math.max(0, exp * 1000 - Date.now());
  } catch {
    // authenticate() has verified it; a token without a readable expiry gets the usual lifetime
  }
  return ACCESS_TOKEN_SECONDS * 1000;
}

/** Open streams by key (a user, an address), oldest first, at most `cap` each. */
class OpenStreams {
  private readonly lists = new Map<string, (() => void)[]>();
  constructor(private readonly cap: number) {}

  /** Adds a stream's ender, first ending the oldest ones while the key is at its cap. */
  add(key: string, replace: () => void) {
    const list = this.lists.get(key) ?? [];
    while (list.length >= this.cap) list.shift()?.();
    list.push(replace);
    this.lists.set(key, list);
  }

  remove(key: string, replace: () => void) {
    const list = this.lists.get(key);
    if (!list) return;
    const at = list.indexOf(replace);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.lists.delete(key);
  }
}

/**
 * GET /stream: server-sent events for the signed-in user (DESIGN.md section 6: notifications
 * pushed live, polling as the fallback). EventSource cannot send headers, so this route alone
 * also takes the access token as `?access_token=`. The stream ends when that token expires
 * (after an `event: expired`), so a revoked session stops listening; the client reopens it with
 * its current token.
 */
export const notificationStreamRoute: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<() => void>();
  // Each user's and each address's open streams, oldest first: past the cap the oldest ends.
  const byUser = new OpenStreams(app.config.SSE_MAX_PER_USER);
  const byIp = new OpenStreams(app.config.SSE_MAX_PER_IP);
  // Open streams would otherwise hold a graceful shutdown until every browser went away.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/stream',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Live notifications (text/event-stream): `event: notification`, `: ping` every 25 s',
        querystring: z.object({ access_token: z.string().max(4096).optional() }),
        response: { 401: failSchema, 404: failSchema },
      },
    },
    async (request, reply) => {
      const token = request.query.access_token || bearer(request);
      const ctx = await authenticate(request, token);
      const lifetime = tokenLifetimeMs(token ?? '');

      reply.hijack();
      const res = reply.raw;
      res.on('error', () => {});
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders), // the security headers (plugins/security-headers.ts)
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const write = (chunk: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(chunk);
      };
      write('retry: 5000\n\n');

      const unsubscribe = app.notificationHub.subscribe(ctx.userId, (n) => {
        if (n.instituteId !== ctx.instituteId) return;
        write(
          `event: ${NOTIFICATION_STREAM_EVENT}\nid: ${n.id}\ndata: ${JSON.stringify(toNotificationItem(n))}\n\n`,
        );
      });
      // Progress of the caller's own background jobs (imports, promotion): see platform/jobs.
      const unsubscribeJobs = app.notificationHub.subscribeJobs(ctx.userId, (event) => {
        if (event.instituteId !== ctx.instituteId) return;
        write(`event: ${JOB_STREAM_EVENT}\ndata: ${JSON.stringify(event.job)}\n\n`);
      });
      // A student's dues changed: for fee staff, and for the student and their guardians.
      const readsFees = allows(permissionsOf(ctx.role, ctx.jobSets), 'fees:read');
      const unsubscribeFees = app.notificationHub.subscribeFees(ctx.instituteId, (change) => {
        if (!readsFees && !change.userIds.includes(ctx.userId)) return;
        write(`event: ${FEES_STREAM_EVENT}\ndata: ${JSON.stringify({ student_id: change.studentId })}\n\n`);
      });
      const ping = setInterval(() => write(': ping\n\n'), PING_MS);
      const expiry = setTimeout(() => {
        write('event: expired\ndata: {}\n\n');
        end();
      }, lifetime);

      let ended = false;
      function cleanUp() {
        if (ended) return;
        ended = true;
        clearInterval(ping);
        clearTimeout(expiry);
        unsubscribe();
        unsubscribeJobs();
        unsubscribeFees();
        open.delete(end);
        byUser.remove(ctx.userId, replace);
        byIp.remove(request.ip, replace);
      }
      function end() {
        cleanUp();
        if (!res.writableEnded) res.end();
      }
      // Ended for a newer stream: the client should not reconnect this one (it would end another).
      function replace() {
        write('event: replaced\ndata: {}\n\n');
        end();
      }
      open.add(end);
      byUser.add(ctx.userId, replace);
      byIp.add(request.ip, replace);
      res.on('close', cleanUp);
    },
  );
};
