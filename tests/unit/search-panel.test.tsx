import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchApi } from '../../src/domain/api/search';
import type { SearchResult } from '../../src/domain/search';
import { SearchPanel } from '../../src/web/features/search/SearchPanel';
import { mockFetch, renderRoutes, replyOf } from './helpers';

/*
 * The global search's highlight (docs/product.md#global-search): arrows move it, new results start from the
 * first one, but an answer to an earlier keystroke that arrives late must not move it back while the user
 * chooses.
 */

const result = (type: SearchResult['type'], id: number, label: string): SearchResult => ({
  type,
  id,
  label,
  detail: '',
  url: `/${type}s/${id}`,
});
const SAME = [
  result('sale', 2, 'Venta #2'),
  result('sale', 1, 'Venta #1'),
  result('client', 7, 'Cliente Ñuñoa'),
];
/** The same records a moment later (their details changed), so that the answer's arrival shows. */
const SAME_LATER = SAME.map((r) => ({ ...r, detail: 'al día' }));
const OTHER = [result('passenger', 9, 'Pasajera Ñuñoa'), result('sale', 1, 'Venta #1')];

beforeAll(() => {
  // jsdom lays nothing out; the panel scrolls the highlighted option into view.
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Serves each search when the test releases it, so answers can arrive in any order. */
function searchServer() {
  const waiting = new Map<string, (results: SearchResult[]) => void>();
  mockFetch(
    (url) =>
      new Promise((resolve) => {
        const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
        waiting.set(q, (results) => resolve(replyOf(searchApi.search, { results })));
      }),
  );
  return {
    answer: async (q: string, results: SearchResult[]) => {
      await waitFor(() => expect(waiting.has(q)).toBe(true));
      await act(async () => waiting.get(q)?.(results));
    },
  };
}

const selected = () => screen.getByRole('option', { selected: true });

async function typed(text: string) {
  fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });
  // The panel asks after 250 ms without a keystroke.
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
}

describe('SearchPanel', () => {
  it('keeps the highlight on its record when a late answer brings the same records', async () => {
    const server = searchServer();
    renderRoutes([{ path: '/', element: <SearchPanel onClose={() => {}} /> }], '/');
    await typed('ñuño');
    await server.answer('ñuño', SAME);
    await waitFor(() => expect(selected().textContent).toContain('Venta #2'));
    await typed('ñuñoa');
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    expect(selected().textContent).toContain('Cliente Ñuñoa');
    await server.answer('ñuñoa', SAME_LATER);
    await waitFor(() => expect(screen.getAllByText('al día')).toHaveLength(3));
    expect(selected().textContent).toContain('Cliente Ñuñoa');
  });

  it('starts from the first result when the highlighted record is not among the new ones', async () => {
    const server = searchServer();
    renderRoutes([{ path: '/', element: <SearchPanel onClose={() => {}} /> }], '/');
    await typed('ñuño');
    await server.answer('ñuño', SAME);
    await waitFor(() => expect(selected().textContent).toContain('Venta #2'));
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowUp' });
    expect(selected().textContent).toContain('Cliente Ñuñoa');
    await typed('ñuñoa p');
    await server.answer('ñuñoa p', OTHER);
    await waitFor(() => expect(selected().textContent).toContain('Pasajera Ñuñoa'));
  });
});
