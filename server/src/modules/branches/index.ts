// The branches module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { NO_FIGURES, type SchoolFigures, schoolFigures } from './branches.figures';
