import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyApi } from '../../src/domain/api/company';
import { createQueryClient } from '../../src/web/api/query-client';
import { SetupChecklist } from '../../src/web/features/company/SetupChecklist';
import { mockFetch, replyOf } from './helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const setup = (publicCredentials: boolean) =>
  replyOf(companyApi.setup, {
    data: {
      demoData: false,
      publicCredentials,
      steps: [
        { step: 'demo', done: true },
        { step: 'users', done: !publicCredentials },
        // One step left, so the list shows.
        { step: 'tax', done: false },
      ],
    },
  });

describe('SetupChecklist', () => {
  it('reads the steps again each time the dashboard shows it: a warning already dealt with is gone', async () => {
    // The app's own query defaults (a 30 s staleTime): the admin changes the password on Mi cuenta and
    // comes back within seconds.
    const queryClient = createQueryClient();
    let changed = false;
    const fetchMock = mockFetch(() => setup(!changed));
    const view = () => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SetupChecklist />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const first = render(view());
    expect((await screen.findByRole('alert')).textContent).toContain('Esta cuenta es la de demostración');
    first.unmount();
    // The dashboard left: what it read is not kept for its next visit.
    const cached = () => queryClient.getQueryCache().find({ queryKey: ['company', 'setup'] });
    await waitFor(() => expect(cached()).toBeUndefined());

    changed = true;
    render(view());
    // Not even for a moment from a cache: the red warning would be read as still in force.
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getAllByText('(hecho)', { exact: false })).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
