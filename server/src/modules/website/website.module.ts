import { defineModule } from '../../kit/module';
import { websiteRoutes } from './website.routes';
import { loadPublicSite } from './website.service';

export const websiteModule = defineModule({
  name: 'website',
  routes: [{ plugin: websiteRoutes }],
  provides: { 'webApp.publicSite': loadPublicSite },
});
