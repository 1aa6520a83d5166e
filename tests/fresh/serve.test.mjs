// The README's first command, run as the README states it: `scripts/serve`
// sets up what is missing, builds the lab and serves it on 127.0.0.1; a
// headless Chromium then loads the page and sees the claims rendered.
//
// scripts/test's `fresh` stage runs this file against a copy of the work tree
// with an empty CARGO_HOME, a fresh target directory, no node_modules and no
// .tools (CLAIMLAB_ROOT names the copy), so a set-up step that a new machine
// needs and this one has cached (a `cargo fetch`, an npm install) fails here.
// Run by hand, it serves this checkout: `node --test tests/fresh/`.
//
// Environment: CLAIMLAB_ROOT (the checkout whose scripts/serve runs; default
// this one), SERVE_TIMEOUT_MS (default 25 minutes: a first build compiles
// Leptos and its dependencies from nothing).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, launchChromium, openLab } from '../e2e/harness.mjs';

const ROOT = path.resolve(process.env.CLAIMLAB_ROOT || REPO_ROOT);
const TIMEOUT_MS = Number(process.env.SERVE_TIMEOUT_MS || 25 * 60_000);
const KEEP_LINES = 80;

/** A port nothing listens on right now (the kernel picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start `scripts/serve` in its own process group; keep the last lines it
 * prints. `stop()` ends Trunk and every cargo it started.
 */
function startServe(port) {
  // Everything it prints, whole, for a failure's post-mortem.
  const logPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'claimlab-serve-')), 'serve.log');
  const log = createWriteStream(logPath);
  const child = spawn('bash', [path.join(ROOT, 'scripts', 'serve')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const partial = { stdout: '', stderr: '' };
  let failure = null;
  let exited = null;
  const take = (stream) => (chunk) => {
    log.write(chunk);
    // A chunk may end inside a line: keep the tail for the next one.
    const text = partial[stream] + chunk;
    const parts = text.split(/\r?\n/);
    partial[stream] = parts.pop();
    for (const line of parts) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > KEEP_LINES) lines.shift();
      // Cargo's own errors ("error: no matching package named …", "error[E0432]")
      // and Trunk's failed build ("ERROR ❌ error") end the wait at once: Trunk
      // keeps serving after a failed build, so waiting for the page would only
      // time out.
      const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
      if (!failure && (/^\s*error(\[E\d+\])?:/.test(plain) || /\bERROR\b/.test(plain))) failure = plain.trim();
    }
  };
  for (const stream of ['stdout', 'stderr']) {
    child[stream].setEncoding('utf8');
    child[stream].on('data', take(stream));
  }
  const done = new Promise((resolve) => child.on('exit', (code, signal) => {
    exited = signal ? `killed by ${signal}` : `exit ${code}`;
    resolve();
  }));
  return {
    output: () => [...lines, partial.stdout, partial.stderr].filter((l) => l.trim()).join('\n') + `\n(the whole output: ${logPath})`,
    failure: () => failure,
    exited: () => exited,
    async stop() {
      if (exited) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
      }, 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** Wait until the served index.html names the lab's wasm (Trunk has built it). */
async function waitForBuild(serve, url) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const why = serve.failure() ? `it printed: ${serve.failure()}` : serve.exited() ? `it ended (${serve.exited()})` : null;
    if (why) throw new Error(`scripts/serve failed before serving the lab: ${why}\n--- its last lines ---\n${serve.output()}`);
    if (Date.now() > deadline) {
      throw new Error(`scripts/serve did not serve the lab within ${TIMEOUT_MS / 1000} s\n--- its last lines ---\n${serve.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.ok && /_bg\.wasm/.test(await res.text())) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

test(`scripts/serve (in ${ROOT}) sets up, builds and serves a working lab`, { timeout: TIMEOUT_MS + 120_000 }, async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const serve = startServe(port);
  let browser;
  try {
    await waitForBuild(serve, url);
    assert.match(serve.output(), new RegExp(`http://127\\.0\\.0\\.1:${port}/`), 'scripts/serve names the address it serves');

    browser = await launchChromium();
    const lab = await openLab(browser, url, { waitFor: '[data-claim-id]', timeout: 60_000 });
    try {
      const claims = await lab.page.locator('[data-claim-id]').evaluateAll((els) => [...new Set(els.map((e) => e.dataset.claimId))]);
      // The default example is seed 004's opening answer: three claims, C2 contradicted.
      assert.deepEqual(claims, ['C1', 'C2', 'C3']);
      assert.equal(await lab.page.locator('#decision').getAttribute('data-decision'), 'block');
      await lab.page.waitForLoadState('networkidle');
      assert.deepEqual(lab.problems(), []);
    } finally {
      await lab.close();
    }
  } finally {
    await browser?.close();
    await serve.stop();
  }
});
