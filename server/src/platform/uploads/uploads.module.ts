import { defineModule } from '../../kit/module';
import { uploadsRoutes } from './uploads.routes';

export const uploadsModule = defineModule({
  name: 'uploads',
  routes: [{ plugin: uploadsRoutes, prefix: '/uploads' }],
});
