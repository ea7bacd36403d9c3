// The flags of every headless Chromium here (the journeys' playwright.config.ts, the benches): no
// sandbox, no GPU, no background traffic. Its types for the TypeScript config: chromium.d.mts.
export const HEADLESS_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
