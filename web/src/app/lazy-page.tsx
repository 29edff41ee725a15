import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from '../layout/page-loader';
import { loadAllStrings, loadModuleStrings } from './i18n';

/** A page outside the first view: its chunk and the rest of the English strings load together. */
export function withAllStrings(chunk: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [module] = await Promise.all([chunk(), loadAllStrings()]);
    return module;
  });
}

/** A module's page: its chunk and the module's own strings files (app/i18n.ts) load together. */
export function withModuleStrings(
  strings: readonly string[],
  chunk: () => Promise<{ default: ComponentType }>,
) {
  return lazy(async () => {
    const [page] = await Promise.all([chunk(), ...strings.map(loadModuleStrings)]);
    return page;
  });
}

/** A lazily loaded page with the loader shown while its chunk comes. */
export const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;
