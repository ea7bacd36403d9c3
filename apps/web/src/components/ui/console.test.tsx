import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column, type DataTableProps } from './console';

interface Row {
  id: string;
  name: string;
  amount: number;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => `$${row.amount}`, sortValue: (row) => row.amount },
  { key: 'actions', header: 'Actions', hideHeader: true, cell: (row) => <button type="button">Open {row.name}</button> },
];
const rows: Row[] = [
  { id: 'a', name: 'Carol', amount: 30 },
  { id: 'b', name: 'alice', amount: 5 },
  { id: 'c', name: 'Bob', amount: 100 },
];

function table(props: Partial<DataTableProps<Row>> = {}) {
  return (
    <DataTable
      caption="Orders to review"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      isPending={false}
      error={null}
      onRetry={() => undefined}
      empty={{ title: 'Nothing to review', body: 'Orders appear here when members pay.' }}
      {...props}
    />
  );
}
const renderTable = (props: Partial<DataTableProps<Row>> = {}) => render(table(props));

const bodyNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('is a real table named by its caption, with column headers (a hidden one still read)', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Orders to review' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Amount', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('row', { name: /Bob/ })).toBeTruthy();
  });

  it('shows skeleton rows while loading, hidden from assistive technology, and says it is loading', () => {
    renderTable({ rows: undefined, isPending: true });
    const table = screen.getByRole('table', { name: 'Orders to review' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).queryAllByRole('cell')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('replaces the table with the error and a retry when nothing loaded', () => {
    const onRetry = vi.fn();
    renderTable({ rows: undefined, error: new Error('No connection.'), onRetry });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('No connection.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps the rows it has when a refresh fails, with the error above them', () => {
    renderTable({ error: new Error('Server busy.') });
    expect(screen.getByRole('alert').textContent).toContain('Server busy.');
    expect(bodyNames()).toEqual(['Carol', 'alice', 'Bob']);
  });

  it('says what to do next when there are no rows', () => {
    renderTable({
      rows: [],
      empty: { title: 'No match', body: 'Clear the filters.', action: <button type="button">Clear filters</button> },
    });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No match')).toBeTruthy();
    expect(screen.getByText('Clear the filters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('sorts by a sortable column, ascending then descending, and says so with aria-sort', () => {
    renderTable();
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amount.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(amount).getByRole('button'));
    expect(amount.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyNames()).toEqual(['alice', 'Carol', 'Bob']);
    fireEvent.click(within(amount).getByRole('button'));
    expect(amount.getAttribute('aria-sort')).toBe('descending');
    expect(bodyNames()).toEqual(['Bob', 'Carol', 'alice']);
    // Text sorts as people read it, not by character code.
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(bodyNames()).toEqual(['alice', 'Bob', 'Carol']);
    expect(amount.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Actions' }).getAttribute('aria-sort')).toBeNull();
  });

  it('pages by offset: the range, and previous/next only where there is a page', () => {
    const onOffset = vi.fn();
    const { rerender } = renderTable({ pager: { kind: 'offset', offset: 0, pageSize: 3, total: 7, onOffset } });
    expect(screen.getByText('1–3 of 7')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onOffset).toHaveBeenLastCalledWith(3);
    rerender(table({ rows: rows.slice(0, 1), pager: { kind: 'offset', offset: 6, pageSize: 3, total: 7, onOffset } }));
    expect(screen.getByText('7–7 of 7')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onOffset).toHaveBeenLastCalledWith(3);
  });

  it('pages by cursor: "Load more" while the API has more, busy while it loads', () => {
    const onMore = vi.fn();
    const { rerender } = renderTable({ pager: { kind: 'cursor', hasMore: true, isLoadingMore: false, onMore } });
    expect(screen.getByText('3 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onMore).toHaveBeenCalledOnce();
    rerender(table({ pager: { kind: 'cursor', hasMore: false, isLoadingMore: false, onMore } }));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
