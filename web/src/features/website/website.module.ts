import { defineWebModule } from '../../kit/module';

/**
 * The website builder: its strings load with its page (app-routes.tsx opens it at the roles'
 * paths /create-website, /admin/create-institute and /add-school, through `modulePage`).
 */
export const WEBSITE = defineWebModule({
  name: 'website',
  strings: ['website'],
  messages: { website: 'website.messages' },
});
