// Screenshots of pages at phone and desktop width, light and dark, for a person to look at.
// Usage: node scripts/screenshots.mjs [baseUrl] [path ...]   (server must be running)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium, ROOT } from './lib.mjs';

const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ['/', '/register', '/about', '/no-such-page'];
const out = join(ROOT, '.test-results', 'screenshots');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [widthName, viewport] of [['390', { width: 390, height: 844 }], ['1280', { width: 1280, height: 800 }]]) {
  for (const mode of ['light', 'dark']) {
    const context = await browser.newContext({ viewport, colorScheme: mode, reducedMotion: 'reduce', deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const path of targets) {
      await page.goto(new URL(path, baseUrl).href);
      await page.waitForLoadState('networkidle');
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${widthName}-${mode}.png`;
      await page.screenshot({ path: join(out, name), fullPage: true });
      console.log(join(out, name));
    }
    await context.close();
  }
}
await browser.close();
