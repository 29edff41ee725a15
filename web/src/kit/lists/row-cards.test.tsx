import type { GridColDef } from '@mui/x-data-grid';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cellOf, RowCards } from './row-cards';

type Row = { id: string; name: string; pass: string; amount: number; status: string; phone: string };

const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Name' },
  { field: 'pass', headerName: 'Pass no.', valueGetter: (_v, row) => `VP/${row.pass}` },
  { field: 'amount', headerName: 'Overdue', valueFormatter: (v: number) => `₹${v.toFixed(2)}` },
  { field: 'status', headerName: 'Status', renderCell: (p) => <b data-status={p.value}>{p.row.status}!</b> },
  { field: 'phone', headerName: 'Phone' },
];
const rows: Row[] = [
  { id: 'a', name: 'Salim Gaikwad', pass: '75', amount: 1200, status: 'In', phone: '98200' },
  { id: 'b', name: 'Abdul Jain', pass: '74', amount: 0, status: 'Left', phone: '98300' },
];
const column = (field: string) => columns.find((c) => c.field === field) as GridColDef<Row>;
/** Markup without emotion's style elements. */
const render = (node: ReactNode) => renderToStaticMarkup(node).replace(/<style[^>]*>.*?<\/style>/g, '');
/** The markup's text, tags dropped. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');

describe('cellOf: what a column shows for a row outside the grid', () => {
  it('reads the value through valueGetter, formats it, or renders the cell', () => {
    expect(cellOf(column('name'), rows[0] as Row)).toBe('Salim Gaikwad');
    expect(cellOf(column('pass'), rows[0] as Row)).toBe('VP/75');
    expect(cellOf(column('amount'), rows[1] as Row)).toBe('₹0.00');
    expect(renderToStaticMarkup(cellOf(column('status'), rows[1] as Row) as ReactElement)).toBe(
      '<b data-status="Left">Left!</b>',
    );
    expect(cellOf({ field: 'missing' }, rows[0] as Row)).toBe('');
  });
});

describe('RowCards: a list as cards below sm', () => {
  it("shows each row's title, subtitle, key facts with their column names and actions, and nothing else", () => {
    const html = render(
      <RowCards
        rows={rows}
        columns={columns}
        card={{ title: 'name', subtitle: ['pass'], facts: ['amount'], actions: 'status' }}
        label="Visitors"
      />,
    );
    expect(html).toMatch(/^<ul[^>]*aria-label="Visitors"/);
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(textOf(html)).toBe(
      '|Salim Gaikwad|VP/75|Overdue|₹1200.00|In!|Abdul Jain|VP/74|Overdue|₹0.00|Left!|',
    );
    expect(html).not.toContain('98200');
    expect(html).not.toContain('role="button"');
  });

  it('makes a card a button that opens its row when the list opens rows', () => {
    const html = render(
      <RowCards rows={rows} columns={columns} card={{ title: 'name' }} label="Dues" onOpen={() => {}} />,
    );
    expect(html.match(/role="button"/g)).toHaveLength(2);
  });
});
