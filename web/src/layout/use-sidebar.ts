import { useCallback, useState } from 'react';

/** Spec 2.2 / 9: the drawer's exact widths. */
export const SIDEBAR_WIDTH = { expanded: 180, collapsed: 35 } as const;
const STORAGE_KEY = 'schooliko.sidebar.collapsed';

function initiallyCollapsed(): boolean {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved !== null) return saved === 'true';
  // No choice made yet: leave phones their screen.
  return window.matchMedia?.('(max-width: 599px)').matches ?? false;
}

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
 * group, and a collapsed sidebar has none open.
 */
export function useSidebar(): SidebarState {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());

  const persist = useCallback((value: boolean) => {
    setCollapsed(value);
    localStorage.setItem(STORAGE_KEY, String(value));
    if (value) setOpenGroups(new Set());
  }, []);

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
