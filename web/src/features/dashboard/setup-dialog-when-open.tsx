import { type ComponentProps, lazy, Suspense } from 'react';
import type { SetupDialog as Dialog } from './setup-dialog';

const SetupDialog = lazy(() => import('./setup-dialog').then((m) => ({ default: m.SetupDialog })));

/**
 * The setup dialog, whose code (with the group search inside it) is fetched only when it opens:
 * most visits to a dashboard never show it, so the first view does not carry it.
 */
export function SetupDialogWhenOpen(props: ComponentProps<typeof Dialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <SetupDialog {...props} />
    </Suspense>
  );
}
