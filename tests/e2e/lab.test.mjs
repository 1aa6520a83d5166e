// The lab loads in real headless Chromium from the release build in dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, serveAndLaunch } from './harness.mjs';

const shared = serveAndLaunch();

test('the lab renders the default example and its decision is block', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    assert.equal(await page.title(), 'ClaimLab');
    assert.equal((await page.locator('h1').first().textContent()).trim(), 'ClaimLab');
    const decision = page.locator('#decision');
    assert.equal(await decision.count(), 1);
    // data-decision is the contract; the wording around it belongs to the UI.
    assert.equal(await decision.getAttribute('data-decision'), 'block');
    assert.match(await decision.textContent(), /block/i);
  } finally {
    await lab.close();
  }
});

test('the page loads without console errors, page errors or failed requests', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    // Let anything asynchronous after mount surface.
    await lab.page.waitForLoadState('networkidle');
    await lab.page.waitForTimeout(300);
    assert.deepEqual(lab.problems(), []);
    // The wasm is served as application/wasm, so wasm-bindgen needs no
    // streaming-compile fallback (it warns when it falls back). Other warnings
    // are tolerated: Chromium notes that Trunk's SRI `integrity` on the wasm
    // preload link is ignored (crbug.com/981419), which is harmless.
    const fallback = lab.consoleMessages
      .filter((m) => m.type === 'warning' && /instantiateStreaming|MIME/i.test(m.text))
      .map((m) => m.text);
    assert.deepEqual(fallback, []);
  } finally {
    await lab.close();
  }
});

test('withLab gives a test its own server and browser', async () => {
  const { withLab } = await import('./harness.mjs');
  const heading = await withLab(async ({ page, server, lab }) => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.deepEqual(lab.problems(), []);
    return (await page.locator('h1').first().textContent()).trim();
  });
  assert.equal(heading, 'ClaimLab');
});
