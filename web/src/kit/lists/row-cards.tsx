import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';

/**
 * Which columns make a row's card below the `sm` breakpoint (docs/modules.md step 4): the title
 * (a name, a number), a muted subtitle line, the key facts as label and value, and the actions at
 * its foot. Every field named is a column's; the card shows what its column shows.
 */
export type CardFields = {
  title: string;
  subtitle?: string[];
  facts?: string[];
  /** A column of buttons (print, cancel), or an input (marks): shown whole at the card's foot. */
  actions?: string;
};

/** What a column shows for a row, outside the grid: its renderCell, else its formatted value. */
export function cellOf<T extends GridValidRowModel>(column: GridColDef<T>, row: T): ReactNode {
  // The grid's api is not there outside it; the list kit's columns never read it.
  const api = { current: null } as never;
  const raw = row[column.field];
  const value = column.valueGetter ? column.valueGetter(raw as never, row, column, api) : raw;
  const formatted = column.valueFormatter ? column.valueFormatter(value as never, row, column, api) : value;
  if (column.renderCell)
    return column.renderCell({
      row,
      value,
      formattedValue: formatted,
      field: column.field,
      id: row.id,
      colDef: column,
    } as unknown as GridRenderCellParams<T>);
  return formatted === null || formatted === undefined ? '' : (formatted as ReactNode);
}

type Props<T extends GridValidRowModel> = {
  rows: T[];
  columns: GridColDef<T>[];
  card: CardFields;
  /** The list's name (its table's), read by screen readers. */
  label: string;
  /** A tap on the card opens the row (a card with actions has its own buttons instead). */
  onOpen?: (row: T) => void;
  getRowId?: (row: T) => string;
};

/** A list's rows as cards, for phones: the same columns, no column cut off at 390 px. */
export function RowCards<T extends GridValidRowModel>({
  rows,
  columns,
  card,
  label,
  onOpen,
  getRowId,
}: Props<T>) {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const shown = (field: string) => {
    const column = byField.get(field);
    return column ? { column, field } : null;
  };
  const subtitle = (card.subtitle ?? []).flatMap((f) => shown(f) ?? []);
  const facts = (card.facts ?? []).flatMap((f) => shown(f) ?? []);
  const title = shown(card.title);
  const actions = card.actions ? shown(card.actions) : null;
  return (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => {
        const body = (
          <Box sx={{ p: 1.5, width: '100%', textAlign: 'left' }}>
            {title && (
              <Typography component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {cellOf(title.column, row)}
              </Typography>
            )}
            {subtitle.length > 0 && (
              <Typography component="div" variant="body2" color="text.secondary">
                {subtitle.map(({ column, field }, n) => (
                  <span key={field}>
                    {n > 0 && ' · '}
                    {cellOf(column, row)}
                  </span>
                ))}
              </Typography>
            )}
            {facts.length > 0 && (
              <Box
                component="dl"
                sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, m: 0, mt: 1 }}
              >
                {facts.map(({ column, field }) => (
                  <Box key={field} sx={{ minWidth: 0 }}>
                    <Typography component="dt" variant="caption" color="text.secondary">
                      {column.headerName ?? field}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {cellOf(column, row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        );
        const id = getRowId ? getRowId(row) : String(row.id);
        return (
          <Paper key={id} component="li" variant="outlined" data-row-id={id}>
            {onOpen ? (
              <ButtonBase
                component="div"
                role="button"
                onClick={() => onOpen(row)}
                sx={{ display: 'block', width: '100%', borderRadius: 'inherit' }}
              >
                {body}
              </ButtonBase>
            ) : (
              body
            )}
            {actions && <Box sx={{ px: 1.5, pb: 1.5 }}>{cellOf(actions.column, row)}</Box>}
          </Paper>
        );
      })}
    </Stack>
  );
}
