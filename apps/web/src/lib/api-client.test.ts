import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fresh api-client (its answers are read once per page) in a page whose shell carries `reads`. */
async function pageWith(reads: string | undefined, language = 'en') {
  document.getElementById('orchard-reads')?.remove();
  if (reads !== undefined) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'orchard-reads';
    script.dataset.language = language;
    script.textContent = reads;
    document.head.append(script);
  }
  vi.resetModules();
  return import('./api-client');
}

describe("apiFetch and the answers in the page's shell (apps/api/src/plugins/web.ts)", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json(200, { from: 'network' }));
    vi.stubGlobal('fetch', fetchMock);
    // A page a second old (the test run's own clock may be past the answers' first seconds).
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.getElementById('orchard-reads')?.remove();
  });

  it('answers the first read of a path from the shell, once; the next goes to the network', async () => {
    const { apiFetch } = await pageWith('{"/wallet":{"available":100},"/session":{"user":null}}');
    await expect(apiFetch('/wallet')).resolves.toEqual({ available: 100 });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(apiFetch('/wallet')).resolves.toEqual({ from: 'network' });
    await expect(apiFetch('/session')).resolves.toEqual({ user: null });
    await expect(apiFetch('/wallet/transactions?limit=5')).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never answers a write from the shell', async () => {
    const { apiFetch } = await pageWith('{"/me":{"id":"a"}}');
    await expect(apiFetch('/me', { method: 'PATCH', body: { language: 'es' } })).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('drops the answers at a sign-in or sign-out, and after the first seconds of the page', async () => {
    const signedIn = await pageWith('{"/wallet":{"available":100}}');
    signedIn.forgetShellAnswers();
    await expect(signedIn.apiFetch('/wallet')).resolves.toEqual({ from: 'network' });

    const late = await pageWith('{"/wallet":{"available":100}}');
    vi.spyOn(performance, 'now').mockReturnValue(15_001);
    await expect(late.apiFetch('/wallet')).resolves.toEqual({ from: 'network' });
  });

  it('reads the network as before when the shell carries nothing, or something unreadable', async () => {
    for (const reads of [undefined, '', '{not json', '"a string"']) {
      const { apiFetch } = await pageWith(reads);
      await expect(apiFetch('/wallet')).resolves.toEqual({ from: 'network' });
    }
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('uses the answers written in a language only when the page shows that language', async () => {
    const reads = '{"/plans":{"items":["Plan"]},"/content/home":{"a":1},"/wallet":{"available":100}}';
    // Asked in Spanish, shown in English (the language picked on this device): the plans and
    // content are read again in English; the wallet, which has no words of the operator's, is used.
    const other = await pageWith(reads, 'es');
    await expect(other.apiFetch('/plans')).resolves.toEqual({ from: 'network' });
    await expect(other.apiFetch('/content/home')).resolves.toEqual({ from: 'network' });
    await expect(other.apiFetch('/wallet')).resolves.toEqual({ available: 100 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const same = await pageWith(reads, 'en');
    await expect(same.apiFetch('/plans')).resolves.toEqual({ items: ['Plan'] });
    await expect(same.apiFetch('/content/home')).resolves.toEqual({ a: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
