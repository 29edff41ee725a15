import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/**
 * The server's logger: JSON lines on stdout at LOG_LEVEL.
 *
 * Lines are written asynchronously: a line goes to a buffer and the buffer to stdout in one write
 * when the previous write is done, so a busy server makes one write for many lines and a request
 * never waits for the terminal or the pipe. What is still in the buffer is written synchronously
 * when the process exits (pino registers that: a crash, an uncaught exception or process.exit),
 * on shutdown (main.ts flushes), and right after a `fatal` line, which is written at once.
 *
 * `destination` is for tests (a stream they read) and for a future development printer (issue 17:
 * pino-pretty would be a destination too; the lines and their fields stay the same).
 */
export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const stream = destination ?? pino.destination({ dest: 1, sync: false });
  const flushSync = 'flushSync' in stream && typeof stream.flushSync === 'function' ? stream : undefined;
  return pino(
    {
      level,
      serializers: { req: requestForLog, res: replyForLog, err: pino.stdSerializers.err },
      hooks: {
        logMethod(args, method, levelValue) {
          method.apply(this, args);
          // fatal (60): the process is about to end; do not leave the line in a buffer.
          if (levelValue >= 60 && flushSync) {
            try {
              (flushSync as { flushSync: () => void }).flushSync();
            } catch {}
          }
        },
      },
    },
    stream,
  );
}

/**
 * One line per request, when it has been answered, at info: reqId, method, url, host, status and
 * time in ms (Fastify's own logging writes two, "incoming request" and "request completed", each
 * with the request serialised again). No headers: cookies and the authorization header never
 * reach a log, and the notification stream's `?access_token=` is redacted from the url. Errors
 * are still logged at error, by the error handler (plugins/errors.ts) and here when the answer
 * itself failed. Above info (LOG_LEVEL=warn) nothing is done per request.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const log = reply.log as Logger;
    if (error) {
      log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if (log.isLevelEnabled('info')) {
      log.info(
        {
          method: request.method,
          url: urlForLog(request.url),
          host: request.host,
          statusCode: reply.statusCode,
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    }
  }
}

/** The notification stream takes the access token in its query: never log it. */
export function urlForLog(url: string): string {
  return url.includes('access_token=') ? url.replace(/([?&]access_token=)[^&]*/g, '$1[redacted]') : url;
}

/** A request in an error line: what it was and from where, no headers. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

function replyForLog(reply: FastifyReply) {
  return { statusCode: reply.statusCode };
}
