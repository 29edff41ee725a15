import { writeSync } from 'node:fs';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/**
 * The server's logger: JSON lines on stdout at LOG_LEVEL.
 *
 * A line is not written when it is logged: the lines of one turn of the event loop go to stdout
 * together when the turn ends (LineBatch), so a busy server makes one write for many lines. What
 * is still pending is written when the process exits (process.exit, a crash, an uncaught
 * exception), on shutdown (main.ts flushes), and right after a `fatal` line.
 *
 * `destination` is for tests (a stream they read) and for a future development printer (issue 17:
 * pino-pretty would be a destination too; the lines and their fields stay the same).
 */
export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const stream = destination ?? stdoutBatch();
  const flushable = 'flushSync' in stream && typeof stream.flushSync === 'function';
  return pino(
    {
      level,
      serializers: { req: requestForLog, res: replyForLog, err: pino.stdSerializers.err },
      hooks: {
        logMethod(args, method, levelValue) {
          method.apply(this, args);
          // fatal (60): the process is about to end; do not leave the line in a buffer.
          if (levelValue >= 60 && flushable) (stream as LineBatch).flushSync();
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
 * reach a log, and a `?access_token=` or `?token=` is redacted from the url. Errors
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
    } else if (log.isLevelEnabled?.('info')) {
      // (Without a logger, Fastify's stand-in has no isLevelEnabled: nothing is written.)
      const fields = {
        method: request.method,
        url: urlForLog(request.url),
        host: request.host,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      };
      const stream = (log as unknown as Record<symbol, DestinationStream | undefined>)[
        pino.symbols.streamSym
      ];
      if (stream) stream.write(completedLine(log, fields));
      else log.info(fields, 'request completed');
    }
  }
}

/**
 * The line pino would write for `log.info(fields, 'request completed')`, written out directly:
 * the same JSON (level, time, the logger's bindings: pid, hostname, reqId), without pino's walk
 * over the object and its serializers, about 3 µs a request less. Only for createLogger's
 * loggers, which have no formatters, mixins or hooks that touch an info line.
 */
function completedLine(
  log: Logger,
  f: { method: string; url: string; host: string; statusCode: number; responseTime: number },
): string {
  const bindings = (log as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  return `{"level":30,"time":${Date.now()}${bindings},"method":${JSON.stringify(f.method)},"url":${JSON.stringify(f.url)},"host":${JSON.stringify(f.host)},"statusCode":${f.statusCode},"responseTime":${f.responseTime},"msg":"request completed"}\n`;
}

/**
 * Two routes take a secret in their query: the notification stream its access token, the SMS
 * gateway's delivery reports their token. Never log either.
 */
export function urlForLog(url: string): string {
  return url.includes('token=') ? url.replace(/([?&](?:access_)?token=)[^&]*/g, '$1[redacted]') : url;
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

/**
 * A destination that keeps the lines of one turn of the event loop and writes them to `fd` in one
 * write when the turn ends (setImmediate): a busy server makes one system call for many lines,
 * a quiet one writes each line at once. Written synchronously, so the lines keep their order,
 * nothing runs on libuv's threads, and what is pending can always be written out (process exit).
 */
export class LineBatch {
  private pending = '';
  private scheduled = false;

  constructor(private readonly fd: number) {}

  write(line: string): void {
    this.pending += line;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushSync);
    }
  }

  readonly flushSync = (): void => {
    this.scheduled = false;
    if (!this.pending) return;
    let buffer = Buffer.from(this.pending);
    this.pending = '';
    let waited = 0;
    while (buffer.length > 0) {
      try {
        buffer = buffer.subarray(writeSync(this.fd, buffer));
      } catch (err) {
        // stdout is a full non-blocking pipe: give its reader a moment, for up to a second.
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN' && waited < 1000) {
          Atomics.wait(PAUSE, 0, 0, 10);
          waited += 10;
          continue;
        }
        return; // EPIPE (nobody reads the log any more) or a reader stuck: the lines are lost.
      }
    }
  };

  flush(cb?: (err?: Error) => void): void {
    this.flushSync();
    cb?.();
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

let stdout: LineBatch | undefined;
/** One for the process, written out when it exits (process.exit, a crash, the end of the loop). */
function stdoutBatch(): LineBatch {
  if (!stdout) {
    const batch = new LineBatch(1);
    process.on('exit', batch.flushSync);
    stdout = batch;
  }
  return stdout;
}
