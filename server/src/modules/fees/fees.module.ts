import { FEES_PERMISSIONS } from '@schooliko/common/fees/permissions';
import { defineModule, type ModuleJob } from '../../kit/module';
import { inInstitute } from '../../kit/scope';
import { billEnrolled } from './billing.service';
import { CARRY_JOB, type CarryPayload, runCarryForward } from './carry-forward.service';
import { concessionRegister } from './concessions.table';
import { compactAllDueTotals, compactDueTotals } from './dues-summary.service';
import { feeDueSummaries, feeDueTotals } from './dues-summary.table';
import { EXAM_JOB, type ExamPayload, runExamBilling } from './exam-fees.service';
import { feesRoutes } from './fees.routes';
import { seedFeesDemo } from './fees.seed';
import { feeDues } from './fees.table';
import { GENERATE_JOB, type GeneratePayload, runGeneration } from './generate.service';
import { REMINDERS_JOB, runReminderJob } from './reminders.service';

/** A bulk job that rewrites many pupils' dues, and then folds up the totals it appended to. */
const thenCompact =
  (run: ModuleJob['run']): ModuleJob['run'] =>
  async (job, app) => {
    const result = await run(job, app);
    await inInstitute(app.database.db, job.instituteId, (tx) => compactDueTotals(tx, job.instituteId));
    return result;
  };

export const feesModule = defineModule({
  name: 'fees',
  permissions: FEES_PERMISSIONS,
  seed: seedFeesDemo,
  security: () => import('./fees.security'),
  routes: [{ plugin: feesRoutes, prefix: '/fees' }],
  jobs: [
    {
      kind: GENERATE_JOB,
      run: thenCompact((job, app) =>
        runGeneration(app.database.db, job.instituteId, job.payload as GeneratePayload, job.progress),
      ),
      bulk: [feeDues, feeDueSummaries, feeDueTotals, concessionRegister],
    },
    { kind: REMINDERS_JOB, run: (job, app) => runReminderJob(app.database.db, job.instituteId, job.payload) },
    {
      kind: EXAM_JOB,
      run: thenCompact((job, app) =>
        runExamBilling(app.database.db, job.instituteId, job.payload as ExamPayload, job.progress),
      ),
    },
    {
      kind: CARRY_JOB,
      run: thenCompact((job, app) =>
        runCarryForward(app.database.db, job.instituteId, job.payload as CarryPayload, job.progress),
      ),
    },
  ],
  on: { 'student.enrolled': billEnrolled },
  hourly: compactAllDueTotals,
});
