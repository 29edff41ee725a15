import { SUGGESTIONS_PERMISSIONS } from '@schooliko/common/desk/permissions';
import { defineModule } from '../../kit/module';
import { suggestionsRoutes } from './suggestions.routes';

export const suggestionsModule = defineModule({
  name: 'suggestions',
  permissions: SUGGESTIONS_PERMISSIONS,
  security: () => import('./suggestions.security'),
  routes: [{ plugin: suggestionsRoutes, prefix: '/suggestions' }],
});
