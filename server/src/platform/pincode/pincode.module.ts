import { defineModule } from '../../kit/module';
import { pincodeRoutes } from './pincode.routes';

export const pincodeModule = defineModule({
  name: 'pincode',
  routes: [{ plugin: pincodeRoutes, prefix: '/pincode' }],
});
