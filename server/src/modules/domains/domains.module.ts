import { defineModule } from '../../kit/module';
import { domainsRoutes } from './domains.routes';

export const domainsModule = defineModule({
  name: 'domains',
  routes: [{ plugin: domainsRoutes, prefix: '/domains' }],
});
