import { GUARDIANS_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { guardianExists } from './guardians.contacts';
import { guardiansRoutes, studentGuardiansRoutes } from './guardians.routes';

export const guardiansModule = defineModule({
  name: 'guardians',
  permissions: GUARDIANS_PERMISSIONS,
  routes: [
    { plugin: studentGuardiansRoutes, prefix: '/students' },
    { plugin: guardiansRoutes, prefix: '/guardians' },
  ],
  provides: { 'messaging.guardianExists': guardianExists },
});
