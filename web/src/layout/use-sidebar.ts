import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useState } from 'react';

/** Spec 2.2 / 9: the drawer's exact widths. */
export const SIDEBAR_WIDTH = { expanded: 180, collapsed: 35 } as const;
const STORAGE_KEY = 'schooliko.sidebar.collapsed';

/** The choice remembered from a wide window (expanded when none was made). */
const savedCollapsed = () => localStorage.getItem(STORAGE_KEY) === 'true';

export type SidebarState = {
  collapsed: boolean;
  width: number;
  openGroups: ReadonlySet<string>;
  toggle: () => void;
  toggleGroup: (key: string) => void;
  /** From a collapsed sidebar: expand it and open this group. */
  expandTo: (key: string) => void;
};

/**
 * Spec 4.4: collapsed or expanded, remembered across visits; collapsing closes every open
 * group, and a collapsed sidebar has none open. Below the md breakpoint (phones, small tablets)
 * it starts collapsed and collapses when the window narrows past md, leaving the page its width;
 * the choice made there is not remembered, and widening the window again brings back the saved one.
 */
export function useSidebar(): SidebarState {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(() => narrow || savedCollapsed());
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());

  // Settled while rendering, not in an effect: no frame may show a phone's drawer open (a modal
  // over the page) just because the window narrowed while the wide sidebar was expanded.
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    setWasNarrow(narrow);
    setCollapsed(narrow || savedCollapsed());
    if (narrow) setOpenGroups(new Set());
  }

  const persist = useCallback(
    (value: boolean) => {
      setCollapsed(value);
      if (!narrow) localStorage.setItem(STORAGE_KEY, String(value));
      if (value) setOpenGroups(new Set());
    },
    [narrow],
  );

  const toggle = useCallback(() => persist(!collapsed), [collapsed, persist]);

  const toggleGroup = useCallback((key: string) => {
    setOpenGroups((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const expandTo = useCallback(
    (key: string) => {
      persist(false);
      setOpenGroups(new Set([key]));
    },
    [persist],
  );

  return {
    collapsed,
    width: collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded,
    openGroups: collapsed ? new Set() : openGroups,
    toggle,
    toggleGroup,
    expandTo,
  };
}
