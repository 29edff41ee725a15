import { defineModule } from '../../kit/module';
import { websiteRoutes } from './website.routes';

export const websiteModule = defineModule({
  name: 'website',
  routes: [{ plugin: websiteRoutes }],
});
