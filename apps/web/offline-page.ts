import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const HEAD_MARK = '<!--shell-head-->';

/**
 * Writes offline.html, the page the service worker answers a navigation with when there is no
 * network: the shell's first lines (index.html up to and with its theme colour) followed by the
 * offline page's own title, style and text (offline.html beside this file, which has the marker
 * where those lines go). One place says the viewport and colours of both pages.
 */
export function offlinePage(): Plugin {
  return {
    name: 'orchard-offline-page',
    apply: 'build',
    generateBundle() {
      const shell = readFileSync(join(import.meta.dirname, 'index.html'), 'utf8');
      const headEnd = shell.indexOf('\n', shell.indexOf('name="theme-color"')) + 1;
      const page = readFileSync(join(import.meta.dirname, 'offline.html'), 'utf8');
      const body = page.slice(page.indexOf(HEAD_MARK) + HEAD_MARK.length + 1);
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: shell.slice(0, headEnd) + body });
    },
  };
}
