import type { Localization } from '@mui/material/locale';
import type { TFunction } from 'i18next';

/**
 * MUI's own words (Autocomplete's Clear and Open, pagination, Rating, Alert's Close, Breadcrumbs)
 * in the reader's language, in the shape of MUI's locales (issue 32: the fee counter said "Clear"
 * and "Open" in Hindi). The texts are ours (lists.mui, and the page words the data grid shares,
 * lists.grid), so Marathi has them too and the theme loads no locale file of MUI's. English keeps
 * MUI's own (so en/lists.json has no `mui` words: they would only add to the English first view);
 * the theme loads this module only for Hindi and Marathi (app/root.tsx).
 */
export function muiLocale(t: TFunction, language: string): Localization {
  if (language === 'en') return {};
  const m = (key: string, values?: Record<string, unknown>) => t(`lists.mui.${key}`, values);
  const pageWords = (type: 'first' | 'last' | 'next' | 'previous') => t(`lists.grid.${type}`);
  return {
    components: {
      MuiAutocomplete: {
        defaultProps: {
          clearText: m('clear'),
          closeText: m('close'),
          openText: m('open'),
          loadingText: m('loading'),
          noOptionsText: m('noOptions'),
        },
      },
      MuiAlert: { defaultProps: { closeText: m('close') } },
      MuiBreadcrumbs: { defaultProps: { expandText: m('showPath') } },
      MuiTablePagination: {
        defaultProps: {
          labelRowsPerPage: t('lists.grid.rowsPerPage'),
          labelDisplayedRows: ({ from, to, count }) =>
            count === -1
              ? t('lists.grid.displayedMore', { from, to })
              : t('lists.grid.displayed', { from, to, count }),
          getItemAriaLabel: pageWords,
        },
      },
      MuiPagination: {
        defaultProps: {
          'aria-label': m('pagination'),
          getItemAriaLabel: (type, page, selected) =>
            type === 'page'
              ? m(selected ? 'page' : 'goToPage', { page })
              : type === 'start-ellipsis' || type === 'end-ellipsis'
                ? ''
                : pageWords(type),
        },
      },
      MuiRating: {
        defaultProps: {
          getLabelText: (value) => m('stars', { count: value }),
          emptyLabelText: m('empty'),
        },
      },
    },
  };
}
