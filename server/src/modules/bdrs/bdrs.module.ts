import { defineModule } from '../../kit/module';
import { bdrsRoutes } from './bdrs.routes';
import { seedBdrs } from './bdrs.seed';
import { findValidGrant } from './bdrs.service';

export const bdrsModule = defineModule({
  name: 'bdrs',
  seed: seedBdrs,
  routes: [{ plugin: bdrsRoutes, prefix: '/bdrs' }],
  provides: { 'uploads.registrationGrant': findValidGrant },
});
