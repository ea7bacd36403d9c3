import { describe, expect, it } from 'vitest';
import { readAppConfig } from './config';

function docWith(content?: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== undefined) {
    const meta = doc.createElement('meta');
    meta.setAttribute('name', 'orchard-config');
    meta.setAttribute('content', content);
    doc.head.append(meta);
  }
  return doc;
}

describe('run-time config (docs/product.md C1)', () => {
  it('reads app name and API base URL from the page', () => {
    const config = readAppConfig(
      docWith(JSON.stringify({ appName: 'Grove', apiBaseUrl: 'https://api.example/v1', currency: 'EUR', buildId: 'b7' })),
    );
    expect(config).toEqual({ appName: 'Grove', apiBaseUrl: 'https://api.example/v1', currency: 'EUR', buildId: 'b7' });
  });

  it('falls back to defaults when missing or malformed', () => {
    expect(readAppConfig(docWith()).appName).toBe('Orchard');
    expect(readAppConfig(docWith('{not json')).apiBaseUrl).toBe('/api/v1');
    expect(readAppConfig(docWith(JSON.stringify({ appName: '', apiBaseUrl: '/x', currency: 'USD', buildId: '' }))).appName).toBe('Orchard');
  });
});
