// Shared helpers for the end-to-end tests (`node --test tests/e2e/`).
//
// - serveDist(): a tiny static file server for the Trunk build in dist/, bound
//   to 127.0.0.1 only, on a free port, optionally under a sub-path such as
//   "/sub/lab/" (to prove the site works from any static host sub-path).
// - launchChromium(): headless Chromium through playwright-core, using the
//   system browser (/usr/bin/chromium). playwright-core never downloads one.
// - openLab(): a fresh page on the served lab that records console errors,
//   uncaught page errors and failed requests, and waits for the app to mount.
// - withLab(): all of the above for one test, torn down afterwards.
//
// Environment: CHROMIUM (browser binary, default /usr/bin/chromium),
// DIST_DIR (default <repo>/dist), E2E_HEADED=1 to watch (needs a display).

import { before, after } from 'node:test';
import { createServer } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.resolve(REPO_ROOT, process.env.DIST_DIR || 'dist');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Chromium flags that work headless as root (see /work/shared/docs/TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

function normaliseBase(base) {
  let b = base || '/';
  if (!b.startsWith('/')) b = `/${b}`;
  if (!b.endsWith('/')) b = `${b}/`;
  return b;
}

/**
 * Serve `root` (default dist/) on http://127.0.0.1:<free port><base>.
 * Returns { url, origin, base, port, requests, close }. `requests` records
 * every request as { method, path, status } for assertions.
 */
export async function serveDist({ root = DIST, base = '/' } = {}) {
  const rootDir = path.resolve(root);
  if (!existsSync(path.join(rootDir, 'index.html'))) {
    throw new Error(`${rootDir}/index.html is missing: build first (trunk build --release, or scripts/test)`);
  }
  base = normaliseBase(base);
  const requests = [];

  const server = createServer(async (req, res) => {
    const send = (status, body = '', headers = {}) => {
      requests.push({ method: req.method, path: req.url, status });
      res.writeHead(status, { 'cache-control': 'no-store', ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed');
      const { pathname } = new URL(req.url, 'http://127.0.0.1');
      // A static host redirects the bare sub-path to its directory form.
      if (`${pathname}/` === base) return send(301, '', { location: base });
      if (!pathname.startsWith(base)) return send(404, 'not found');

      let rel;
      try {
        rel = decodeURIComponent(pathname.slice(base.length));
      } catch {
        return send(400, 'bad request');
      }
      let file = path.resolve(rootDir, `.${path.posix.sep}${rel}`);
      if (file !== rootDir && !file.startsWith(rootDir + path.sep)) return send(403, 'forbidden');

      let info = await stat(file).catch(() => null);
      if (info && info.isDirectory()) {
        file = path.join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info || !info.isFile()) return send(404, 'not found');

      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      requests.push({ method: req.method, path: req.url, status: 200 });
      res.writeHead(200, { 'content-type': type, 'content-length': info.size, 'cache-control': 'no-store' });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).pipe(res);
    } catch (err) {
      send(500, String(err));
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${base}`,
    origin,
    base,
    port,
    requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

/** Launch headless Chromium (the system one) with a fresh temporary profile. */
export async function launchChromium(options = {}) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: run scripts/setup (apt-get install chromium) or set CHROMIUM`);
  }
  const headed = process.env.E2E_HEADED === '1';
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: !headed,
    args: headed ? CHROMIUM_ARGS.filter((a) => !a.startsWith('--headless')) : CHROMIUM_ARGS,
    timeout: 60_000,
    ...options,
  });
}

/**
 * Open `url` in a new page of `browser`. Records problems as they happen:
 * - consoleErrors: console.error messages (text + location)
 * - pageErrors: uncaught exceptions (including Rust panics via console_error_panic_hook)
 * - failedRequests: requests that failed (not those a reload cancelled) or answered with status >= 400
 * Waits until the app has mounted (`#decision` is attached) unless waitFor is null.
 * `contextOptions` go to browser.newContext (viewport, colorScheme, reducedMotion, …).
 * `watchMemory` keeps the lab's wasm memory where `wasmMemoryBytes(page)` reads it.
 */
export async function openLab(browser, url, { waitFor = '#decision', timeout = 30_000, contextOptions = {}, watchMemory = false } = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  if (watchMemory) {
    // Trunk's start script announces the instantiated wasm (its exports hold the memory).
    await page.addInitScript(() => {
      addEventListener('TrunkApplicationStarted', (e) => { window.__labWasm = e.detail.wasm; });
    });
  }
  const consoleErrors = [];
  const consoleMessages = [];
  const pageErrors = [];
  const failedRequests = [];
  page.on('console', (msg) => {
    const entry = { type: msg.type(), text: msg.text(), location: msg.location() };
    consoleMessages.push(entry);
    if (msg.type() === 'error') consoleErrors.push(entry);
  });
  let failFast;
  const firstPageError = new Promise((_, reject) => { failFast = reject; });
  firstPageError.catch(() => {});
  page.on('pageerror', (err) => {
    pageErrors.push(String(err && err.stack ? err.stack : err));
    failFast(err);
  });
  page.on('requestfailed', (req) => {
    // A request cancelled because the page reloaded or navigated is not a failure.
    const error = req.failure()?.errorText;
    if (error !== 'net::ERR_ABORTED') failedRequests.push({ url: req.url(), error });
  });
  page.on('response', (res) => {
    if (res.status() >= 400) failedRequests.push({ url: res.url(), status: res.status() });
  });

  const lab = {
    page,
    context,
    consoleErrors,
    consoleMessages,
    pageErrors,
    failedRequests,
    /** Every problem seen so far, as readable strings (empty when the page is clean). */
    problems() {
      return [
        ...consoleErrors.map((e) => `console.error: ${e.text} (${e.location?.url ?? ''}:${e.location?.lineNumber ?? ''})`),
        ...pageErrors.map((e) => `page error: ${e}`),
        ...failedRequests.map((r) => `request failed: ${r.url} ${r.status ?? r.error}`),
      ];
    },
    close: () => context.close(),
  };

  try {
    await page.goto(url, { waitUntil: 'load', timeout });
    // Wait for the app to mount, but give up at once if the page throws (a
    // Rust panic, a wasm instantiation error, ...).
    if (waitFor) await Promise.race([page.waitForSelector(waitFor, { state: 'attached', timeout }), firstPageError]);
  } catch (err) {
    const seen = lab.problems();
    await context.close().catch(() => {});
    throw new Error(
      `loading ${url}${waitFor ? ` and waiting for ${waitFor}` : ''} failed: ${err.message || err}` +
        (seen.length ? `\nproblems seen on the page:\n  ${seen.join('\n  ')}` : ''),
      { cause: err },
    );
  }
  return lab;
}

/**
 * One served dist/ and one Chromium shared by a test file: registers
 * node:test `before` and `after` hooks that start and stop them, and returns
 * the object holding them (`server`, `browser`) once `before` has run.
 */
export function serveAndLaunch(serveOptions = {}) {
  const shared = { server: undefined, browser: undefined };
  before(async () => {
    shared.server = await serveDist(serveOptions);
    shared.browser = await launchChromium();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}

/**
 * Run `fn({ browser, server, lab, page })` against a freshly served dist/
 * (optionally under `base`) in a fresh headless Chromium; always cleans up.
 */
export async function withLab(fn, { base = '/', path: subPath = '', waitFor } = {}) {
  const server = await serveDist({ base });
  let browser;
  try {
    browser = await launchChromium();
    const lab = await openLab(browser, server.url + subPath, waitFor === undefined ? {} : { waitFor });
    try {
      return await fn({ browser, server, lab, page: lab.page });
    } finally {
      await lab.close();
    }
  } finally {
    if (browser) await browser.close();
    await server.close();
  }
}

/**
 * The lab's address once it has caught up with the last edit: the lab writes
 * the state into the address 250 ms after edits stop (then compresses it,
 * unless the texts are an example's, which makes a short readable link), so
 * wait until the link has not changed for well over that.
 */
export async function settledLink(page, quietMs = 700) {
  let last = null;
  let since = Date.now();
  for (;;) {
    const hash = await page.evaluate(() => location.hash);
    if (hash !== last) {
      last = hash;
      since = Date.now();
    } else if (hash.length > 1 && Date.now() - since >= quietMs) {
      return page.url();
    }
    await page.waitForTimeout(50);
  }
}

/**
 * The size of the lab's wasm memory in bytes (a lab opened with
 * `watchMemory`). A wasm memory only grows: this is the most the lab has
 * held at once so far, plus what the allocator keeps free.
 */
export async function wasmMemoryBytes(page) {
  return page.evaluate(() => window.__labWasm.memory.buffer.byteLength);
}
