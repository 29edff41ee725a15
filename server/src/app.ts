import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { COMMON_MESSAGES } from '@schooliko/common/messages';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { type Config, resolveJwtSecret } from './config';
import type { Database } from './db/client';
import { registerReportSlots } from './kit/report-slots';
import { AfterAnswer } from './lib/after-answer';
import { RedisRelay } from './lib/redis-relay';
import { createLogger, RequestLog } from './logger';
import { type Gateway, openGateway } from './modules/fees/razorpay.gateway';
import { ALL_MODULES, installModules, registerModules } from './modules/routes';
import { sessionStanding } from './platform/auth/auth.sessions';
import { InstituteDirectory } from './platform/institutes/institutes.service';
import { defineModuleJobs } from './platform/jobs/jobs.modules';
import { JobQueue } from './platform/jobs/jobs.service';
import { devMailPage } from './platform/mail/mail.routes';
import { renewStatistics } from './platform/maintenance/maintenance.service';
import { type NotificationActions, NotificationHub } from './platform/notifications/notifications.service';
import { UnreadCounts } from './platform/notifications/notifications.unread';
import { createStorage } from './platform/uploads/storage';
import { registerWebApp } from './platform/web-app/web-app';
import { registerAuth } from './plugins/auth';
import { CacheInvalidation } from './plugins/cache-invalidation';
import { failure, registerErrorHandling } from './plugins/errors';
import { registerHostCheck } from './plugins/host-check';
import { registerPermissions } from './plugins/permissions';
import { helmetHeaders, helmetOptions, registerSecurityHeaders } from './plugins/security-headers';
import { registerTenant } from './plugins/tenant';
import { registerUploads } from './plugins/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    institutes: InstituteDirectory;
    notificationHub: NotificationHub;
    /** Announces committed changes that cached data depends on, to every instance. */
    invalidation: CacheInvalidation;
    unreadCounts: UnreadCounts;
    /** The durable job queue (platform/jobs): modules define handlers, the worker runs them. */
    jobs: JobQueue;
    /** Work a route leaves running after its answer (lib/after-answer): closing waits for it. */
    afterAnswer: AfterAnswer;
    /** Approve / Reject on a notification, by eventType: each owning module sets its handler. */
    notificationActions: NotificationActions;
    /** Razorpay for online fee payment (modules/fees/razorpay.gateway.ts), null when unavailable. */
    razorpay: Gateway | null;
  }
}

export type AppOptions = {
  database: Database;
  config: Config;
  /** true: JSON lines on stdout at LOG_LEVEL (logger.ts); a logger of one's own (tests); false: none. */
  logger?: boolean | Logger;
};

const loggerOf = ({ config, logger = true }: AppOptions): FastifyBaseLogger | undefined =>
  logger === true ? createLogger(config.LOG_LEVEL) : logger || undefined;

/**
 * What the web app and the worker both stand on: the database and config, storage, the relay
 * between instances (Redis) with the notification hub and caches it carries, the job queue with
 * every module's jobs, the payments gateway and the modules' hooks. Closing the app closes them.
 * Outside tests the queue is worked from the moment the app is ready.
 */
async function installServices(app: FastifyInstance, { database, config }: AppOptions) {
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', createStorage(config));
  const relay = new RedisRelay({
    redisUrl: config.REDIS_URL,
    onError: (err) => app.log.warn({ err }, 'relay between instances (Redis) error'),
  });
  const invalidation = new CacheInvalidation(relay);
  app.decorate('institutes', new InstituteDirectory(database.db, invalidation));
  const unreadCounts = new UnreadCounts(database.db, invalidation);
  const notificationHub = new NotificationHub({
    relay,
    onDeliver: (n) => unreadCounts.forget({ instituteId: n.instituteId, userId: n.recipientId }),
  });
  app.decorate('notificationHub', notificationHub);
  app.decorate('notificationActions', new Map() as NotificationActions);
  app.decorate('invalidation', invalidation);
  app.decorate('unreadCounts', unreadCounts);
  const queue = new JobQueue(database.db, notificationHub, app.log, (tables) =>
    renewStatistics(database, tables),
  );
  app.decorate('jobs', queue);
  const afterAnswer = new AfterAnswer();
  app.decorate('afterAnswer', afterAnswer);
  const razorpay = await openGateway(config);
  app.decorate('razorpay', razorpay);
  if (razorpay?.test && config.NODE_ENV !== 'test')
    app.log.warn('online payment: the test gateway stands in for Razorpay; orders are paid with no money');
  // Tests run the queue themselves (app.jobs.drain()); a server works it all the time.
  if (config.NODE_ENV !== 'test') app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => {
    await afterAnswer.settled();
    await queue.stop();
    await notificationHub.close();
    await relay.close();
    await razorpay?.close();
  });
  installModules();
  defineModuleJobs(app, ALL_MODULES);
}

/**
 * `npm run worker` (worker.ts): the services and every module's jobs, without routes or an HTTP
 * server. Any number of workers and web instances share the queue on one PostgreSQL database.
 */
export async function buildWorker(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: loggerOf(options) });
  await installServices(app, options);
  return app;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const securityHeaders = helmetHeaders(helmetOptions(config));
  const app = Fastify({
    loggerInstance: loggerOf(options),
    // One line per answered request (method, url, status, time), none per request above info.
    logController: new RequestLog(),
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    bodyLimit: 1024 * 1024,
    // Errors Fastify raises before a route runs (an over-long or badly encoded path parameter)
    // answer in the same envelope as everything else.
    frameworkErrors: (error, _request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      (reply as FastifyReply)
        .headers(securityHeaders)
        .status(status)
        .send(failure(status, COMMON_MESSAGES.invalidRequest));
    },
  });
  // First of all: a Host that is not a host name is refused before any other hook or handler.
  registerHostCheck(app, securityHeaders);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await installServices(app, options);
  registerAuth(app, resolveJwtSecret(config), app.invalidation, sessionStanding);
  registerPermissions(app);
  registerReportSlots(app, {
    perUser: config.REPORTS_PER_USER,
    perInstitute: config.REPORTS_PER_INSTITUTE,
    atOnce: config.REPORTS_AT_ONCE,
  });

  registerSecurityHeaders(app, securityHeaders);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Schooliko API',
        version: '1.0.0',
        description: 'Every answer is { success, message?, data }.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  await registerUploads(app);

  await app.register(
    async (api) => {
      registerTenant(api);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await registerModules(api);
    },
    { prefix: '/api' },
  );

  // Development only: the mail viewer at /dev/mail (the plugin does nothing in production).
  await app.register(devMailPage);
  registerWebApp(app, config.WEB_DIST);
  return app;
}
