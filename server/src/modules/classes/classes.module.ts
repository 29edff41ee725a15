import { CLASSES_PERMISSIONS } from '@schooliko/common/people/permissions';
import { defineModule } from '../../kit/module';
import { academicYearsRoutes } from './academic-years.routes';
import { classesRoutes } from './classes.routes';
import { sectionsRoutes } from './sections.routes';

export const classesModule = defineModule({
  name: 'classes',
  permissions: CLASSES_PERMISSIONS,
  routes: [
    { plugin: academicYearsRoutes, prefix: '/academic-years' },
    { plugin: classesRoutes, prefix: '/classes' },
    { plugin: sectionsRoutes, prefix: '/sections' },
  ],
});
