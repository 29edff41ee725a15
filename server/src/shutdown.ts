import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';

/**
 * Ends the process cleanly on SIGTERM or SIGINT (the web server and the worker): `stop` closes
 * what the process opened, within 10 seconds or the process exits with 1, then the log still
 * buffered is written out.
 */
export function exitOnSignals(log: FastifyBaseLogger, stop: () => Promise<void>) {
  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await stop();
    } finally {
      // The log is written asynchronously (logger.ts): write out what is still buffered.
      await new Promise<void>((resolve) => (log as Logger).flush(() => resolve()));
      clearTimeout(force);
      process.exit(0);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
