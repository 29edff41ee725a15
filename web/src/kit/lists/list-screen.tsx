import FileDownload from '@mui/icons-material/FileDownload';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { downloadFile } from './download';
import { gridText } from './grid-text';
import { exportQuery, type ListState, listQuery } from './list-query';
import { LoadFailed } from './load-failed';
import { type CardFields, RowCards } from './row-cards';
import { useDebounced } from './use-debounced';

export type ListResult<T> = {
  data?: { items: T[]; pagination: { total: number; hasMore?: boolean; capped?: boolean } };
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

export type ListScreenProps<T extends GridValidRowModel> = {
  title: string;
  /** The RTK Query hook of the list (server: listPage()). */
  useList: (query: Record<string, string | number>) => ListResult<T>;
  columns: GridColDef<T>[];
  /** Below `sm` each row is a card of these columns (title, subtitle, key facts), paged the same. */
  card?: CardFields;
  /** Without `card`: the grid's columns shown on a phone; the rest stay in the column chooser. */
  phoneColumns?: string[];
  /** The list's own filters, kept in the query; the screen renders their controls. */
  filters?: (value: Record<string, string>, set: (key: string, value: string) => void) => ReactNode;
  initialFilters?: Record<string, string>;
  /** e.g. '/students/export' (the same filters, as CSV or Excel). */
  exportPath?: string;
  exportName: string;
  actions?: ReactNode;
  /** What to say, and offer, when there is nothing to list. */
  empty: ReactNode;
  bulkActions?: (selected: string[]) => ReactNode;
  onOpen: (row: T) => void;
};

/**
 * One list screen for every module (docs/modules.md step 4): MUI X Data Grid in server mode on a
 * listPage() endpoint, a debounced search, the screen's filters, the column chooser, row
 * selection for bulk actions and exports of the current filters. Usable at 360 px: the toolbar
 * wraps, a row opens its record, and the rows are cards (`card`) or the grid keeps `phoneColumns`.
 */
export function ListScreen<T extends GridValidRowModel & { id: string }>(props: ListScreenProps<T>) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const token = useAppSelector((s) => s.auth.accessToken);
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<ListState>({
    pagination: { page: 0, pageSize: 25 },
    sort: [],
    search: '',
    filters: props.initialFilters ?? {},
  });
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [exportError, setExportError] = useState<string | null>(null);

  const search = useDebounced(typed, 300);
  useEffect(() => {
    setState((s) => (s.search === search ? s : { ...s, search, pagination: { ...s.pagination, page: 0 } }));
  }, [search]);

  const query = useMemo(() => listQuery(state), [state]);
  const list = props.useList(query);
  // The columns shown: on a phone the screen's phone columns, elsewhere all; each until the person
  // changes them in the column chooser. Always a model, never undefined: the grid keeps the last
  // model it was given, so a phone's model would otherwise outlive a switch to a wide screen.
  const [chosen, setChosen] = useState<{
    phone?: GridColumnVisibilityModel;
    wide?: GridColumnVisibilityModel;
  }>({});
  const phoneKey = (props.phoneColumns ?? props.columns.map((c) => c.field)).join();
  const visibility = useMemo(
    () =>
      phone
        ? (chosen.phone ??
          Object.fromEntries(props.columns.map((c) => [c.field, phoneKey.split(',').includes(c.field)])))
        : (chosen.wide ?? {}),
    [phone, chosen, props.columns, phoneKey],
  );
  // "Select all" in the header answers "every row but these" (exclude). Only this page's rows
  // are known here, so it means them: the bulk action names its count before it runs.
  const selected =
    selection.type === 'exclude'
      ? (list.data?.items ?? []).map((r) => r.id).filter((id) => !selection.ids.has(id))
      : [...selection.ids].map(String);
  const setFilter = (key: string, value: string) =>
    setState((s) => ({
      ...s,
      filters: { ...s.filters, [key]: value },
      pagination: { ...s.pagination, page: 0 },
    }));

  const download = async (format: 'csv' | 'xlsx') => {
    if (!props.exportPath) return;
    setExportError(null);
    try {
      await downloadFile(
        `${props.exportPath}?${exportQuery(state, format)}`,
        token,
        `${props.exportName}.${format}`,
      );
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    }
  };

  const total = list.data?.pagination.total ?? 0;
  // A broad search counts its matches only so far: the pager says "of more than …" (-1).
  const capped = Boolean(list.data?.pagination.capped);
  const rowCount = capped ? -1 : total;
  const text = gridText(t, i18n.language);
  const cards =
    phone && props.card ? (
      <Stack spacing={1}>
        {list.isFetching && !list.data ? (
          [0, 1, 2].map((n) => <Skeleton key={n} variant="rounded" height={96} />)
        ) : total === 0 ? (
          <Typography color="text.secondary">{t('lists.noMatches')}</Typography>
        ) : (
          <Box sx={{ opacity: list.isFetching ? 0.6 : 1 }}>
            <RowCards
              rows={list.data?.items ?? []}
              columns={props.columns}
              card={props.card}
              label={props.title}
              onOpen={props.onOpen}
            />
          </Box>
        )}
        <TablePagination
          component="div"
          count={rowCount}
          page={state.pagination.page}
          rowsPerPage={state.pagination.pageSize}
          rowsPerPageOptions={[]}
          onPageChange={(_e, page) => setState((s) => ({ ...s, pagination: { ...s.pagination, page } }))}
          labelDisplayedRows={
            text.paginationDisplayedRows &&
            (({ from, to, count }) =>
              text.paginationDisplayedRows?.({ from, to, count, estimated: undefined }))
          }
          getItemAriaLabel={text.paginationItemAriaLabel}
        />
      </Stack>
    ) : null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {props.title}
        </Typography>
        {props.actions}
      </Stack>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('lists.search')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            sx={{ minWidth: { xs: '100%', sm: 260 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {props.filters?.(state.filters, setFilter)}
          <Box sx={{ flexGrow: 1 }} />
          {selected.length > 0 && props.bulkActions?.(selected)}
          {props.exportPath && (
            <>
              <Button size="small" startIcon={<FileDownload />} onClick={() => void download('csv')}>
                {t('lists.exportCsv')}
              </Button>
              <Button size="small" startIcon={<FileDownload />} onClick={() => void download('xlsx')}>
                {t('lists.exportExcel')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
      {exportError && <Alert severity="error">{exportError}</Alert>}
      {list.isError ? (
        <LoadFailed onRetry={() => list.refetch()} />
      ) : !list.isFetching &&
        total === 0 &&
        !state.search &&
        Object.values(state.filters).every((v) => !v) ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          {props.empty}
        </Paper>
      ) : (
        (cards ?? (
          <Box sx={{ width: '100%' }}>
            <DataGrid
              rows={list.data?.items ?? []}
              columns={props.columns}
              rowCount={rowCount}
              paginationMeta={capped ? { hasNextPage: Boolean(list.data?.pagination.hasMore) } : undefined}
              loading={list.isFetching}
              paginationMode="server"
              sortingMode="server"
              filterMode="server"
              disableColumnFilter
              paginationModel={state.pagination}
              onPaginationModelChange={(pagination) => setState((s) => ({ ...s, pagination }))}
              pageSizeOptions={[10, 25, 50, 100]}
              sortModel={state.sort}
              onSortModelChange={(sort: GridSortModel) =>
                setState((s) => ({ ...s, sort, pagination: { ...s.pagination, page: 0 } }))
              }
              checkboxSelection={!phone && Boolean(props.bulkActions)}
              rowSelectionModel={selection}
              onRowSelectionModelChange={setSelection}
              keepNonExistentRowsSelected
              columnVisibilityModel={visibility}
              onColumnVisibilityModelChange={(model) =>
                setChosen((c) => ({ ...c, [phone ? 'phone' : 'wide']: model }))
              }
              onRowClick={(params) => props.onOpen(params.row)}
              showToolbar
              slotProps={{
                toolbar: {
                  csvOptions: { disableToolbarButton: true },
                  printOptions: { disableToolbarButton: true },
                },
                loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' },
              }}
              localeText={text}
              autoHeight
              density={phone ? 'compact' : 'standard'}
              sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
            />
          </Box>
        ))
      )}
    </Stack>
  );
}

/** What an empty list says to do next, and the action that does it (when the person may take it). */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Typography color="text.secondary">{text}</Typography>
      {action}
    </Stack>
  );
}
