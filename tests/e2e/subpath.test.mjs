// dist/ works from a static host sub-path: every asset URL is relative.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, serveAndLaunch } from './harness.mjs';

const BASE = '/sub/lab/';
const shared = serveAndLaunch({ base: BASE });

test('the lab works when served from /sub/lab/', async () => {
  assert.equal(shared.server.url, `${shared.server.origin}${BASE}`);
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    assert.equal(await lab.page.locator('#decision').getAttribute('data-decision'), 'block');
    await lab.page.waitForLoadState('networkidle');
    assert.deepEqual(lab.problems(), []);
    // Every request the page made stayed under the sub-path.
    const outside = shared.server.requests.filter((r) => !r.path.startsWith(BASE));
    assert.deepEqual(outside, []);
    const paths = shared.server.requests.map((r) => r.path);
    assert.ok(paths.some((p) => p.endsWith('.wasm')), `the wasm was fetched under ${BASE}: ${paths.join(', ')}`);
  } finally {
    await lab.close();
  }
});

test('the bare sub-path redirects to its directory form and still loads', async () => {
  const lab = await openLab(shared.browser, `${shared.server.origin}/sub/lab`);
  try {
    // The lab may already have written its state into the fragment (250 ms
    // after it mounts): the redirect is about the path.
    const landed = new URL(lab.page.url());
    assert.equal(`${landed.origin}${landed.pathname}${landed.search}`, shared.server.url);
    assert.equal(await lab.page.locator('#decision').getAttribute('data-decision'), 'block');
  } finally {
    await lab.close();
  }
});
