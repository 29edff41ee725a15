import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { type CardFields, cellOf, RowCards } from './row-cards';

type Props<T extends GridValidRowModel> = {
  /** The table's name (and the cards'), e.g. "Dues". */
  label: string;
  rows: T[];
  /** The list kit's one column shape (the data grid's), read here without the grid. */
  columns: GridColDef<T>[];
  /** Which columns make a row's card below `sm`. */
  card: CardFields;
  /** What an empty list says. */
  empty: string;
  /** A closing line (a total): its label, then values under the columns named. */
  footer?: { label: string; values: Record<string, ReactNode> };
  /** A tall list scrolls inside this height with its header kept (the mark sheet). */
  maxHeight?: string;
  getRowId?: (row: T) => string;
};

/**
 * A list held whole on the page (a pupil's dues and receipts, a mark sheet): a table on wider
 * screens, and below `sm` the same rows as cards (RowCards), so no column is cut off on a phone.
 * Server-paged lists are ListScreen's, which shows the same cards.
 */
export function ListTable<T extends GridValidRowModel>(props: Props<T>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { columns, footer } = props;
  if (props.rows.length === 0) return <Typography color="text.secondary">{props.empty}</Typography>;
  if (phone)
    return (
      <Stack spacing={1}>
        <RowCards
          rows={props.rows}
          columns={columns}
          card={props.card}
          label={props.label}
          getRowId={props.getRowId}
        />
        {footer && (
          <Typography sx={{ px: 1.5, fontWeight: 700 }}>
            {footer.label}{' '}
            {Object.entries(footer.values).map(([field, value], n, all) => (
              <span key={field}>
                {n > 0 && ' · '}
                {all.length > 1 && `${columns.find((c) => c.field === field)?.headerName ?? field} `}
                {value}
              </span>
            ))}
          </Typography>
        )}
      </Stack>
    );
  const table = (
    <Table size="small" stickyHeader={Boolean(props.maxHeight)} aria-label={props.label}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.field} align={c.headerAlign ?? c.align} sx={{ width: c.width }}>
              {c.headerName}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((row) => (
          <TableRow key={props.getRowId ? props.getRowId(row) : String(row.id)}>
            {columns.map((c) => (
              <TableCell key={c.field} align={c.align}>
                {cellOf(c, row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {footer && (
          <TableRow>
            {columns.map((c, n) => (
              <TableCell key={c.field} align={c.align} sx={{ fontWeight: 700 }}>
                {n === 0 ? footer.label : footer.values[c.field]}
              </TableCell>
            ))}
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
  // A wide table scrolls inside its box rather than widening the page.
  return props.maxHeight ? (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: props.maxHeight }}>
      {table}
    </TableContainer>
  ) : (
    <TableContainer>{table}</TableContainer>
  );
}
