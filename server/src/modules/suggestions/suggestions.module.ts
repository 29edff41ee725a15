import { defineModule } from '../../kit/module';
import { suggestionsRoutes } from './suggestions.routes';

export const suggestionsModule = defineModule({
  name: 'suggestions',
  routes: [{ plugin: suggestionsRoutes, prefix: '/suggestions' }],
});
