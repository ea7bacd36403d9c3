import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo, SessionList } from '@orchard/shared';
import { Sessions } from './sessions-card';

const session = (id: number, current = false): SessionInfo => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  createdAt: '2026-01-01T10:00:00Z',
  lastSeenAt: '2026-01-01T10:00:00Z',
  expiresAt: '2026-02-01T10:00:00Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
  current,
});

/** Answers GET /me/sessions from `pages` by cursor and records the URLs asked for. */
function serve(pages: Record<string, SessionList>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const cursor = new URL(url, 'http://x').searchParams.get('cursor') ?? '';
      return new Response(JSON.stringify(pages[cursor]), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

const renderSessions = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Sessions />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('Sessions (the paged device list on /profile)', () => {
  it('loads the next page on "Load more" and stops at the last', async () => {
    const asked = serve({
      '': { sessions: [session(1, true), session(2)], nextCursor: 'page-2', maxSessions: 10, endedByCapRecently: 0 },
      'page-2': { sessions: [session(3)], nextCursor: null, maxSessions: 10, endedByCapRecently: 0 },
    });
    renderSessions();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('This device')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more devices' }));
    await vi.waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more devices' })).toBeNull();
    expect(asked).toEqual(['/api/v1/me/sessions?limit=20', '/api/v1/me/sessions?limit=20&cursor=page-2']);
    // No line about the cap when it signed nothing out.
    expect(screen.queryByText(/at most/)).toBeNull();
  });

  it('tells the member when the cap signed older devices out', async () => {
    serve({ '': { sessions: [session(1, true)], nextCursor: null, maxSessions: 10, endedByCapRecently: 3 } });
    renderSessions();
    expect(await screen.findByText('You can be signed in on at most 10 devices; 3 older sessions were signed out.')).toBeTruthy();
    expect(screen.getByText('No other device is signed in.')).toBeTruthy();
  });
});
