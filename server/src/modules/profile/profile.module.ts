import { defineModule } from '../../kit/module';
import { brandingRoutes } from './branding.routes';
import { letterheadAddress } from './profile.letterhead';
import { profileRoutes } from './profile.routes';

export const profileModule = defineModule({
  name: 'profile',
  routes: [
    { plugin: profileRoutes, prefix: '/profile' },
    { plugin: brandingRoutes, prefix: '/profile/branding' },
  ],
  provides: { 'letterhead.address': letterheadAddress },
});
