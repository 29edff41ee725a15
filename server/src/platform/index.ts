import { authModule } from './auth/auth.module';
import { healthModule } from './health/health.module';
import { institutesModule } from './institutes/institutes.module';
import { jobsModule } from './jobs/jobs.module';
import { mailModule } from './mail/mail.module';
import { messagingModule } from './messaging/messaging.module';
import { notificationsModule } from './notifications/notifications.module';
import { pincodeModule } from './pincode/pincode.module';
import { uploadsModule } from './uploads/uploads.module';

/**
 * What every module stands on (ADR 016): tenancy, accounts, the job queue, notifications, messages,
 * uploads. A platform module never imports a domain module.
 */
export const PLATFORM_MODULES = [
  healthModule,
  institutesModule,
  authModule,
  mailModule,
  notificationsModule,
  pincodeModule,
  uploadsModule,
  jobsModule,
  messagingModule,
] as const;
