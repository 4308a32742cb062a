// Debian's Chromium, as every browser this repository starts runs it (the journeys, the e-mail layout
// test, the benchmarks, the screenshots): never a browser a tool downloads, and the flags that let it
// run as root in a container without reaching the network on its own (STACK-NOTES.md, item 12).

/** The browser's path: CHROMIUM_PATH (or Lighthouse's CHROME_PATH), else Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Its flags (Playwright adds --headless itself; Lighthouse's launcher is given it). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
