import { FEES_PERMISSIONS } from '@schooliko/common/fees/permissions';
import { defineModule } from '../../kit/module';
import { billEnrolled } from './billing.service';
import { CARRY_JOB, type CarryPayload, runCarryForward } from './carry-forward.service';
import { concessionRegister } from './concessions.table';
import { feeDueSummaries } from './dues-summary.table';
import { EXAM_JOB, type ExamPayload, runExamBilling } from './exam-fees.service';
import { feesRoutes } from './fees.routes';
import { seedFeesDemo } from './fees.seed';
import { feeDues } from './fees.table';
import { GENERATE_JOB, type GeneratePayload, runGeneration } from './generate.service';
import { REMINDERS_JOB, runReminderJob } from './reminders.service';

export const feesModule = defineModule({
  name: 'fees',
  permissions: FEES_PERMISSIONS,
  seed: seedFeesDemo,
  security: () => import('./fees.security'),
  routes: [{ plugin: feesRoutes, prefix: '/fees' }],
  jobs: [
    {
      kind: GENERATE_JOB,
      run: (job, app) =>
        runGeneration(app.database.db, job.instituteId, job.payload as GeneratePayload, job.progress),
      bulk: [feeDues, feeDueSummaries, concessionRegister],
    },
    { kind: REMINDERS_JOB, run: (job, app) => runReminderJob(app.database.db, job.instituteId, job.payload) },
    {
      kind: EXAM_JOB,
      run: (job, app) =>
        runExamBilling(app.database.db, job.instituteId, job.payload as ExamPayload, job.progress),
    },
    {
      kind: CARRY_JOB,
      run: (job, app) =>
        runCarryForward(app.database.db, job.instituteId, job.payload as CarryPayload, job.progress),
    },
  ],
  on: { 'student.enrolled': billEnrolled },
});
