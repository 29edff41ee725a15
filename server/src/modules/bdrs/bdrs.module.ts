import { defineModule } from '../../kit/module';
import { bdrsRoutes } from './bdrs.routes';
import { findValidGrant } from './bdrs.service';

export const bdrsModule = defineModule({
  name: 'bdrs',
  routes: [{ plugin: bdrsRoutes, prefix: '/bdrs' }],
  provides: { 'uploads.registrationGrant': findValidGrant },
});
