import { defineModule } from '../../kit/module';
import { examsRoutes } from './exams.routes';
import { REPORT_CARDS_JOB, runReportCards } from './report-card.service';

export const examsModule = defineModule({
  name: 'exams',
  routes: [{ plugin: examsRoutes, prefix: '/exams' }],
  jobs: [{ kind: REPORT_CARDS_JOB, run: (job, app) => runReportCards(app.database.db, job) }],
});
