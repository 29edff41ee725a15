import { PROFILE_PERMISSIONS } from '@schooliko/common/profile/permissions';
import { defineModule } from '../../kit/module';
import { brandingRoutes } from './branding.routes';
import { letterheadAddress } from './profile.letterhead';
import { profileRoutes } from './profile.routes';

export const profileModule = defineModule({
  name: 'profile',
  permissions: PROFILE_PERMISSIONS,
  routes: [
    { plugin: profileRoutes, prefix: '/profile' },
    { plugin: brandingRoutes, prefix: '/profile/branding' },
  ],
  provides: { 'letterhead.address': letterheadAddress },
});
