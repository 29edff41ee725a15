import type { GridLocaleText } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';

/**
 * The data grid's own words (its toolbar, column menu, pagination, selection) in the reader's
 * language (issue 32: they stayed English in Hindi and Marathi). English keeps the grid's own
 * texts; `noRowsLabel` is always the list's own.
 */
export function gridText(t: TFunction, language: string): Partial<GridLocaleText> {
  const own = { noRowsLabel: t('lists.noMatches') };
  if (language === 'en') return own;
  const g = (key: string, values?: Record<string, unknown>) => t(`lists.grid.${key}`, values);
  return {
    ...own,
    noResultsOverlayLabel: g('noResults'),
    toolbarColumns: g('columns'),
    toolbarColumnsLabel: g('columnsLabel'),
    toolbarQuickFilterPlaceholder: g('search'),
    toolbarQuickFilterLabel: g('searchLabel'),
    toolbarQuickFilterDeleteIconLabel: g('clear'),
    columnsManagementSearchTitle: g('columnsSearch'),
    columnsManagementNoColumns: g('noColumns'),
    columnsManagementShowHideAllText: g('showHideAll'),
    columnsManagementReset: g('reset'),
    columnMenuLabel: g('menu'),
    columnMenuManageColumns: g('manageColumns'),
    columnMenuFilter: g('filter'),
    columnMenuHideColumn: g('hideColumn'),
    columnMenuUnsort: g('unsort'),
    columnMenuSortAsc: g('sortAsc'),
    columnMenuSortDesc: g('sortDesc'),
    columnHeaderSortIconLabel: g('sort'),
    footerRowSelected: (count) => g('selected', { count }),
    checkboxSelectionHeaderName: g('selection'),
    checkboxSelectionSelectAllRows: g('selectAll'),
    checkboxSelectionUnselectAllRows: g('unselectAll'),
    checkboxSelectionSelectRow: g('selectRow'),
    checkboxSelectionUnselectRow: g('unselectRow'),
    paginationRowsPerPage: g('rowsPerPage'),
    paginationDisplayedRows: ({ from, to, count }) =>
      count === -1 ? g('displayedMore', { from, to }) : g('displayed', { from, to, count }),
    paginationItemAriaLabel: (type) => g(type),
  };
}
