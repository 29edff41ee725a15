import { defineModule } from '../../kit/module';
import { seedOperator } from './operator.service';

/** The platform operator (the institute's own routes serve them): only its demo account here. */
export const operatorModule = defineModule({
  name: 'operator',
  seed: seedOperator,
});
