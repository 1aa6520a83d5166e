// Drift history in IndexedDB (seed 001's SKU-441 scenario), export, clear,
// import, and the in-memory fallback when IndexedDB cannot be used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openLab, settledLink, serveAndLaunch } from './harness.mjs';

// The scenario's texts (src/examples.rs, "answer-drift"), under a question
// of its own so that the example's built-in history does not stand in.
const QUESTION = 'What does the SKU-441 lamp cost today?';
const STABLE = 'The Aurora desk lamp (SKU-441) costs $49.99 and ships within two business days.';
const DRIFTED =
  'The Aurora desk lamp now costs $39.99. It comes with a lifetime warranty. Shipping is free worldwide. Orders arrive by drone within an hour.';

const shared = serveAndLaunch();

const count = async (page) => Number((await page.locator('#drift-count').textContent()).trim());
const drifted = (page) => page.locator('#drift-status').getAttribute('data-drift');

async function waitForCount(page, n) {
  await page.waitForFunction((want) => document.querySelector('#drift-count')?.textContent.trim() === String(want), n);
}

async function waitForStore(page, store) {
  await page.waitForSelector(`#storage-status[data-store="${store}"]`);
}

async function recordAnswer(page, answer, expectedCount) {
  await page.fill('#answer', answer);
  await page.click('#record-answer');
  await waitForCount(page, expectedCount);
}

test('six SKU-441 answers: drift on the sixth, kept across a reload, exported, cleared and imported', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=answer-drift`);
  const { page, context } = lab;
  try {
    await waitForStore(page, 'indexeddb');
    await page.fill('#question', QUESTION);
    await waitForCount(page, 0);
    for (let i = 1; i <= 5; i++) {
      await recordAnswer(page, STABLE, i);
      assert.equal(await drifted(page), 'false', `answer ${i} is not drift`);
    }
    // The sixth answer, before it is recorded, already shows drift against the five.
    await page.fill('#answer', DRIFTED);
    await page.waitForSelector('#drift-status[data-drift="true"]');
    assert.match(await page.locator('#drift-status').textContent(), /^Drift: /);
    await page.click('#record-answer');
    await waitForCount(page, 6);
    // The chart marks exactly one stored answer as drift: the sixth.
    assert.equal(await page.locator('.drift-chart circle.dot').count(), 5);
    assert.equal(await page.locator('.drift-chart circle.dot.drifted').count(), 1);
    const cx = await page.locator('.drift-chart circle.dot').evaluateAll((dots) => dots.map((d) => Number(d.getAttribute('cx'))));
    const last = await page.locator('.drift-chart circle.dot.drifted').getAttribute('cx');
    assert.equal(Number(last), Math.max(...cx), 'the drifted point is the newest');

    // The permalink keeps the question; IndexedDB keeps the history.
    await settledLink(page);
    await page.reload();
    await waitForStore(page, 'indexeddb');
    assert.equal(await page.inputValue('#question'), QUESTION);
    await waitForCount(page, 6);

    // Export.
    const dir = await mkdtemp(path.join(tmpdir(), 'claimlab-e2e-'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-history')]);
    const file = path.join(dir, 'history.json');
    await download.saveAs(file);
    const exported = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(exported.format, 'claimlab-drift-history');
    assert.equal(exported.version, 1);
    assert.equal(exported.records.length, 6);
    assert.ok(exported.records.every((r) => r.question === QUESTION.toLowerCase()));
    assert.ok(exported.records[5].fingerprint.numbers.some((n) => n.endsWith('39.99')), 'the new price is fingerprinted');
    assert.ok(!JSON.stringify(exported).includes('drone'), 'a fingerprint never keeps the answer text');

    // Clear, after confirming.
    page.once('dialog', (d) => d.dismiss());
    await page.click('#clear-history');
    assert.equal(await count(page), 6, 'dismissing the confirmation keeps the history');
    page.once('dialog', (d) => d.accept());
    await page.click('#clear-history');
    await waitForCount(page, 0);
    await page.reload();
    await waitForStore(page, 'indexeddb');
    await waitForCount(page, 0);

    // Import: everything comes back, once.
    await page.setInputFiles('#import-history', file);
    await waitForCount(page, 6);
    assert.match(await page.locator('#drift-message').textContent(), /Imported 6 answers; 0 already held, 0 unreadable skipped/);
    await page.setInputFiles('#import-history', file);
    await page.waitForFunction(() => /Imported 0 answers; 6 already held/.test(document.querySelector('#drift-message')?.textContent));
    assert.equal(await count(page), 6);
    await page.reload();
    await waitForStore(page, 'indexeddb');
    await waitForCount(page, 6);

    // A file that is not a history imports nothing and says why.
    const bad = path.join(dir, 'not-history.json');
    await writeFile(bad, JSON.stringify({ format: 'something-else', version: 1, records: [] }));
    await page.setInputFiles('#import-history', bad);
    await page.waitForFunction(() => /Nothing imported: this is not a ClaimLab drift history/.test(document.querySelector('#drift-message')?.textContent));
    assert.equal(await count(page), 6);
    assert.deepEqual(lab.problems(), []);
  } finally {
    await context.close();
  }
});

test('with IndexedDB unavailable the lab checks answers and keeps history in memory', async () => {
  const context = await shared.browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { get() { throw new Error('IndexedDB is disabled'); } });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(shared.server.url);
    await page.waitForSelector('#decision');
    await waitForStore(page, 'memory');
    assert.match(await page.locator('.drift .note.bad').textContent(), /kept in memory for this visit only/);
    // Checking is untouched.
    assert.equal(await page.locator('#decision').getAttribute('data-decision'), 'block');
    await page.fill('#answer', 'The main span is 410 metres long [S3].');
    await page.waitForSelector('#decision[data-decision="deliver"]');
    // Recording works, in memory.
    await page.fill('#question', QUESTION);
    await page.click('#record-answer');
    await waitForCount(page, 1);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a newer schema in another tab: memory fallback, and what is stored there is untouched', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  try {
    // Another (newer) lab left version 99 of the database with a record in it.
    await page.goto(`${shared.server.url}favicon.svg`);
    await page.evaluate(() => new Promise((resolve, reject) => {
      const open = indexedDB.open('claimlab', 99);
      open.onupgradeneeded = () => open.result.createObjectStore('future').put('kept', 'key');
      open.onsuccess = () => { open.result.close(); resolve(); };
      open.onerror = () => reject(open.error);
    }));
    await page.goto(shared.server.url);
    await page.waitForSelector('#decision');
    await waitForStore(page, 'memory');
    await page.fill('#question', QUESTION);
    await page.click('#record-answer');
    await waitForCount(page, 1);
    const kept = await page.evaluate(() => new Promise((resolve, reject) => {
      const open = indexedDB.open('claimlab');
      open.onsuccess = () => {
        const db = open.result;
        const get = db.transaction('future').objectStore('future').get('key');
        get.onsuccess = () => { resolve({ version: db.version, value: get.result }); db.close(); };
        get.onerror = () => reject(get.error);
      };
      open.onerror = () => reject(open.error);
    }));
    assert.deepEqual(kept, { version: 99, value: 'kept' });
  } finally {
    await context.close();
  }
});

test('a crash of the lab shows a readable error with a reset link, and stored history survives', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  const { page, context } = lab;
  try {
    await waitForStore(page, 'indexeddb');
    await page.fill('#question', 'Is the history kept after a crash?');
    await page.click('#record-answer');
    await waitForCount(page, 1);
    // An error that is not the lab's does not stop it.
    await page.evaluate(() => setTimeout(() => { throw new Error('a script of the host page failed'); }));
    await page.waitForTimeout(200);
    assert.equal(await page.locator('#panic').count(), 0);
    // A panic in the lab's Rust code surfaces as a wasm trap (a
    // WebAssembly.RuntimeError) thrown out of whatever JS called into it.
    await page.evaluate(() => setTimeout(() => { throw new WebAssembly.RuntimeError('unreachable executed <img src=x onerror="window.__pwned=1">'); }));
    await page.waitForSelector('#panic[role="alert"]');
    assert.match(await page.locator('#panic').textContent(), /The lab hit a bug and stopped\..*Nothing stored in this browser was changed/);
    assert.equal(await page.locator('#panic img').count(), 0, 'the message is text');
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await page.click('#reset-lab');
    await page.waitForSelector('#decision');
    assert.equal(await page.locator('#panic').count(), 0);
    await waitForStore(page, 'indexeddb');
    await page.fill('#question', 'Is the history kept after a crash?');
    await waitForCount(page, 1);
  } finally {
    await context.close();
  }
});
