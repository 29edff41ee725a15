import { EXAMS_PERMISSIONS } from '@schooliko/common/academics/permissions';
import { defineModule } from '../../kit/module';
import { examsRoutes } from './exams.routes';
import { seedExamsDemo } from './exams.seed';
import { REPORT_CARDS_JOB, runReportCards } from './report-card.service';

export const examsModule = defineModule({
  name: 'exams',
  permissions: EXAMS_PERMISSIONS,
  seed: seedExamsDemo,
  security: () => import('./exams.security'),
  routes: [{ plugin: examsRoutes, prefix: '/exams' }],
  jobs: [{ kind: REPORT_CARDS_JOB, run: (job, app) => runReportCards(app.database.db, job, app.storage) }],
});
