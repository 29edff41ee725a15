import { ACADEMICS } from './features/academics/academics.module';
import { DESK } from './features/desk/desk.module';
import { FEES } from './features/fees/fees.module';
import { MESSAGING } from './features/messaging/messaging.module';
import { PEOPLE } from './features/people/people.module';
import { RECEPTION } from './features/reception/reception.module';
import { WEBSITE } from './features/website/website.module';
import { registerMessagePlaces } from './kit/forms/messages';
import type { WebModule } from './kit/module';

/**
 * Every module of the web app (kit/module.ts). The router's module routes, `screenAt`, the
 * sidebar's module entries, the module strings and `messageText`'s namespaces are derived from
 * this list; a new module adds its line here. The order does not matter: the sidebar follows each
 * screen's `order`.
 */
export const MODULES: readonly WebModule[] = [PEOPLE, FEES, ACADEMICS, MESSAGING, RECEPTION, DESK, WEBSITE];

// The modules' message namespaces join the shell's once the signed-in app loads this list (the
// sign-in page and the public site show only the shell's, and do not carry the modules).
for (const module of MODULES) registerMessagePlaces(module.messages);
