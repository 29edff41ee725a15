// The guardians module's public face (scripts/boundaries.mjs): other modules import it from here only.
// Its tables are exported as read handles, for the joins and filters another module's query makes
// (a join is faster than a call); their rows are this module's to write (the writes from elsewhere
// that remain are listed in docs/modules.md, "Layers and boundaries").

// The tables are imported before any service and exported from here: an import cycle through
// this index (modules that use each other) still finds them defined.
import { guardians, studentGuardians } from './guardians.table';

export { GUARDIAN_COLUMNS } from './guardians.columns';
export { type GuardianContact, guardiansOf } from './guardians.contacts';
export { groupFamily } from './guardians.links';
export { addFirstGuardian, columnsOf } from './guardians.service';
export { guardians, studentGuardians };
