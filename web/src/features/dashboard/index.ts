// The dashboard feature as other features use it (scripts/boundaries.mjs, feature-index).
export { duesChanged, useMyDuesQuery } from './dashboard.api';
export { StatCard } from './stat-card';
