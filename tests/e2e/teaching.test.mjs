// The lab as a teaching instrument (issue 14): every setting live, controls
// beside the claims, guided lessons, a trace that reveals and points, steady
// feedback, one verdict per screen, links that follow the address bar and
// history, and an embed snippet that fits its frame on another origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLab, serveAndLaunch, serveDist, REPO_ROOT } from './harness.mjs';

const shared = serveAndLaunch();

/** Every setting's name, from the settings table (SETTINGS.md is generated from it). */
const SETTINGS = [...readFileSync(path.join(REPO_ROOT, 'SETTINGS.md'), 'utf8').matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);

/** Set a control's value as a script or a person would, and fire `input`. */
async function setValue(page, selector, value) {
  await page.locator(selector).evaluate((el, v) => {
    if (el.type === 'checkbox') el.checked = v === 'true';
    else el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

const verdictOf = (page, id) => page.locator(`[data-claim-id="${id}"]`).getAttribute('data-verdict');

function inViewport(page, selector) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });
}

test('every setting of the settings table has one live control, and input applies it', async () => {
  assert.ok(SETTINGS.length >= 30, `${SETTINGS.length} settings read`);
  const lab = await openLab(shared.browser, `${shared.server.url}#example=tagore`);
  try {
    const { page } = lab;
    for (const name of SETTINGS) {
      assert.equal(await page.locator(`[data-setting=${name}]`).count(), 1, name);
    }
    assert.equal(await verdictOf(page, 'C2'), 'unsupported');
    // The drawer's consistency threshold, as a script would set it.
    await setValue(page, '[data-setting=consistency_threshold]', '0.3');
    await page.waitForFunction(() => document.querySelector('[data-claim-id="C2"]').dataset.verdict === 'supported');
    // Shown as a named difference, not just "custom".
    assert.match(await page.locator('.custom-note').textContent(), /seed with consistency_threshold=0\.3/);
    // A typed value is kept exactly.
    await page.click('#all-settings summary');
    await page.fill('#setting-consistency-threshold-exact', '0.345');
    await page.waitForFunction(() => location.hash.includes('consistency_threshold=0.345'));
    // The strip under the threshold shows each claim's agreement as a dot.
    assert.equal(await page.locator('[data-strip=consistency_threshold] circle').count(), 2);
  } finally {
    await lab.close();
  }
});

test('a threshold\'s exact value is typed a key at a time, and an emptied box changes nothing (a stranger\'s finding)', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=correct-paraphrase`);
  try {
    const { page } = lab;
    const box = '#support-threshold-exact';
    await page.click(box);
    await page.keyboard.press('Control+A');
    // Real keys: "0." reads 0, and was written back as "0".
    for (const key of ['0', '.', '6', '5']) {
      await page.keyboard.press(key);
    }
    assert.equal(await page.inputValue(box), '0.65');
    await page.waitForFunction(() => location.hash.includes('support_threshold=0.65'));
    await page.waitForFunction(() => document.querySelector('[data-claim-id="C2"]').dataset.verdict === 'unsupported');
    // Emptied, the box changes nothing and says nothing is wrong; left, it shows the value again.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    assert.equal(await page.inputValue(box), '');
    assert.equal(await page.locator(`${box}[aria-invalid="true"]`).count(), 0);
    assert.equal(await verdictOf(page, 'C2'), 'unsupported');
    await page.keyboard.press('Tab');
    assert.equal(await page.inputValue(box), '0.65');
    // A value typed after another one, with a trailing zero.
    await page.click(box);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0.550');
    assert.equal(await page.inputValue(box), '0.550');
    await page.waitForFunction(() => location.hash.includes('support_threshold=0.55&') || location.hash.endsWith('support_threshold=0.55'));
    await page.waitForFunction(() => document.querySelector('[data-claim-id="C2"]').dataset.verdict === 'supported');
    assert.deepEqual(lab.problems(), []);
  } finally {
    await lab.close();
  }
});

test('at 1440×900 the policy and the threshold stay in view beside the claims', async () => {
  const lab = await openLab(shared.browser, shared.server.url, { contextOptions: { viewport: { width: 1440, height: 900 } } });
  try {
    const { page } = lab;
    for (const id of ['C1', 'C2', 'C3']) {
      await page.locator(`[data-claim-id="${id}"]`).scrollIntoViewIfNeeded();
      for (const control of ['#policy', '#support-threshold', '#decision']) {
        assert.ok(await inViewport(page, control), `${control} in view with ${id} scrolled into view`);
      }
    }
    await page.locator('[data-claim-id="C3"]').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    assert.ok(await inViewport(page, '#policy'));
    assert.ok(await inViewport(page, '#support-threshold'));
  } finally {
    await lab.close();
  }
});

test('on a phone the decision and the controls sit right above the claims', async () => {
  const lab = await openLab(shared.browser, shared.server.url, { contextOptions: { viewport: { width: 390, height: 844 }, isMobile: true } });
  try {
    const { page } = lab;
    const order = await page.evaluate(() => {
      const top = (sel) => document.querySelector(sel).getBoundingClientRect().top + scrollY;
      return { answer: top('.panel.answer'), decision: top('#decision'), controls: top('.panel.controls'), claims: top('.panel.claims'), metrics: top('.panel.metrics') };
    });
    assert.ok(order.answer < order.decision && order.decision < order.controls && order.controls < order.claims && order.claims < order.metrics, JSON.stringify(order));
  } finally {
    await lab.close();
  }
});

test('seed 004 lesson: steps load their state and the threshold step is done at 0.65', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    for (const id of ['seed-004', 'seed-001', 'seed-000']) {
      assert.equal(await page.locator(`#lessons [data-lesson=${id}]`).count(), 1, id);
    }
    await page.click('[data-lesson=seed-004]');
    await page.waitForSelector('[data-step]');
    assert.equal(await page.locator('[data-step]').count(), 7);
    // Step 1 rewinds the trace and asks for Play: not done until the end.
    assert.equal(await page.locator('[data-step="1"]').getAttribute('data-done'), 'false');
    assert.equal(await page.locator('#decision').getAttribute('data-revealed'), 'false');
    // The threshold step is done when the support threshold is 0.65.
    await page.click('[data-step="6"] button');
    await page.waitForFunction(() => document.querySelector('#examples').value === 'correct-paraphrase');
    assert.equal(await page.locator('[data-step="6"]').getAttribute('data-done'), 'false');
    assert.equal(await verdictOf(page, 'C2'), 'supported');
    await setValue(page, '[data-setting=support_threshold]', '0.65');
    await page.waitForSelector('[data-step="6"][data-done="true"]');
    assert.equal(await verdictOf(page, 'C2'), 'unsupported');
    assert.match(await page.locator('#step-card .explain').textContent(), /0\.6/);
    assert.equal(await page.locator('#step-card .explain').isVisible(), true);
    // The link names the lesson and its step, and reopens as it is.
    await page.waitForFunction(() => location.hash === '#example=correct-paraphrase&support_threshold=0.65&lesson=seed-004&step=6');
    const again = await openLab(shared.browser, page.url());
    try {
      await again.page.waitForSelector('[data-step="6"].current');
      assert.equal(await again.page.inputValue('#support-threshold-exact'), '0.65');
      assert.equal(await verdictOf(again.page, 'C2'), 'unsupported');
    } finally {
      await again.close();
    }
    // Presenter mode: large type, the step's panel, no other panels.
    await page.click('#presenter');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('presenter')), true);
    assert.equal(await page.locator('.panel.claims').isVisible(), true);
    assert.equal(await page.locator('.panel.trace').isVisible(), false);
    assert.equal(await page.locator('.panel.drift').isVisible(), false);
  } finally {
    await lab.close();
  }
});

test('a link can start a lesson at a step, and a teacher can write a lesson', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#lesson=seed-000&step=4`);
  try {
    const { page } = lab;
    await page.waitForSelector('[data-step="4"].current');
    // Step 4 loads three samples that all repeat the wrong birthplace.
    assert.equal(await page.locator('.sample-list textarea').count(), 3);
    assert.equal(await verdictOf(page, 'C2'), 'supported');
    // Another step's link pasted into this tab's address loads that step,
    // as a fresh page does (it kept the old example: a stranger's finding).
    await page.evaluate(() => { location.hash = '#lesson=seed-004&step=6'; });
    await page.waitForSelector('[data-step="6"].current');
    await page.waitForFunction(() => document.querySelector('#examples').value === 'correct-paraphrase');
    await page.click('.own-lesson summary');
    await page.fill('#own-lesson', 'lesson bad\nstep One\ndone support_threshold = lots');
    await page.click('#open-own-lesson');
    assert.match(await page.locator('#own-lesson-error').textContent(), /line 3: support_threshold cannot be "lots"/);
    await page.fill('#own-lesson', 'lesson mine\ntitle My lesson\nstep Turn off numbers\nload example=opening-answer\nask Untick the number check.\ndone number_check = false\nexplain Now 460 passes.');
    await page.click('#open-own-lesson');
    await page.waitForSelector('#lesson-title');
    assert.equal(await page.locator('#lesson-title').textContent(), 'My lesson');
    await page.click('#number-check');
    await page.waitForSelector('[data-step="1"][data-done="true"]');
  } finally {
    await lab.close();
  }
});

test('the trace reveals verdicts and the decision at their events, and every event points', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    await page.click('#restart');
    assert.equal(await page.locator('#decision').getAttribute('data-revealed'), 'false');
    assert.doesNotMatch(await page.locator('#decision').textContent(), /Block/);
    assert.deepEqual(await page.locator('[data-claim-id]').evaluateAll((rs) => rs.map((r) => r.dataset.revealed)), ['false', 'false', 'false']);
    assert.equal(await page.locator('#risk').getAttribute('data-revealed'), 'false');
    // Nothing a later event computes shows early: no repair, no coloured dot, no cell.
    assert.match(await page.locator('.panel.repair').textContent(), /Not shown yet/);
    assert.equal(await page.locator('[data-strip=support_threshold] circle.pending').count(), 3);
    assert.equal((await page.locator('[data-claim-id="C2"] td[data-label="Numbers"]').textContent()).trim(), '…');
    // Click C2's number check: the replay goes there, C1 is revealed, C2 is
    // not yet, and C2 and its best sentence are highlighted.
    const index = await page.locator('[data-event="number_check"]').nth(1).getAttribute('data-index');
    await page.locator(`[data-index="${index}"] button`).click();
    assert.equal(await page.locator('[data-claim-id="C1"]').getAttribute('data-revealed'), 'true');
    assert.equal(await page.locator('[data-claim-id="C2"]').getAttribute('data-revealed'), 'false');
    assert.equal(await page.locator('.answer-view .claim.focused').getAttribute('data-claim'), 'C2');
    assert.equal(await page.locator('.sentences li.best').getAttribute('data-source'), 'S3');
    // The decision event reveals the decision; the end reveals everything.
    const last = await page.locator('[data-event]').count();
    await page.locator(`[data-index="${last - 1}"] button`).click();
    assert.equal(await page.locator('#decision').getAttribute('data-revealed'), 'true');
    assert.match(await page.locator('#decision').textContent(), /^Block as written \(C2 is contradicted\); repaired/);
    // Its colour says what ships: a repaired answer, not a blocked one.
    assert.equal(await page.locator('#decision').getAttribute('data-delivery'), 'repaired');
    assert.match(await page.locator('#decision').getAttribute('class'), /ships-repaired/);
    // Editing does not restart a replay nobody started.
    await page.fill('#answer', 'The main span is 410 metres long [S3].');
    await page.waitForFunction(() => document.querySelectorAll('[data-claim-id]').length === 1);
    assert.equal(await page.locator('#decision').getAttribute('data-revealed'), 'true');
    assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'false');
  } finally {
    await lab.close();
  }
});

test('steady feedback: an empty answer says so, edited texts leave the example', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    await page.fill('#answer', '');
    await page.waitForFunction(() => /No claims to check/.test(document.querySelector('#decision').textContent));
    assert.match(await page.locator('#decision').getAttribute('class'), /decision-empty/);
    assert.equal(await page.inputValue('#examples'), '');
    assert.equal(await page.locator('#lesson').getAttribute('data-edited'), 'true');
    assert.match(await page.locator('#lesson').textContent(), /no longer match/);
    await page.click('#reset');
    await page.waitForFunction(() => document.querySelector('#examples').value === 'opening-answer');
    assert.equal(await page.locator('#lesson').getAttribute('data-edited'), 'false');
  } finally {
    await lab.close();
  }
});

test('steady feedback: while a word is typed the banner keeps its decision, faded and busy, and follows the rows once typing rests', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    const answer = 'The Ridgeline bridge opened in 1998 [S1]. The main span is 410 metres long [S3].';
    await page.fill('#answer', answer);
    await page.waitForFunction(() => document.querySelector('#decision').dataset.decision === 'deliver');
    const banner = () => page.locator('#decision').evaluate((d) => ({ decision: d.dataset.decision, held: d.classList.contains('decision-held'), busy: d.getAttribute('aria-busy') }));
    assert.deepEqual(await banner(), { decision: 'deliver', held: false, busy: null });
    // The page's clock stands still from here: the banner's wait ends only
    // when the test moves it on.
    await page.clock.install();
    const inNumber = answer.indexOf('410') + 2;
    await page.locator('#answer').evaluate((el, at) => el.setSelectionRange(at, at), inNumber);
    await page.keyboard.type('6');
    await page.waitForFunction(() => document.querySelector('[data-claim-id="C2"]')?.dataset.verdict === 'contradicted');
    assert.deepEqual(await banner(), { decision: 'deliver', held: true, busy: 'true' }, 'the rows are re-checked; the banner waits, and says so');
    await page.clock.runFor(700);
    await page.waitForFunction(() => document.querySelector('#decision').dataset.decision !== 'deliver');
    assert.deepEqual(await banner(), { decision: 'block', held: false, busy: null });
    // An edit that leaves the caret at a word boundary (here after the
    // full stop) is shown at once, the clock still standing.
    await page.fill('#answer', answer);
    await page.waitForFunction(() => document.querySelector('#decision').dataset.decision === 'deliver');
    assert.deepEqual(await banner(), { decision: 'deliver', held: false, busy: null });
    // An example loaded while a word was being typed shows its decision at
    // once: it is no word being typed.
    await page.locator('#answer').evaluate((el, at) => el.setSelectionRange(at, at), inNumber);
    await page.keyboard.type('7');
    await page.waitForFunction(() => document.querySelector('[data-claim-id="C2"]')?.dataset.verdict === 'contradicted');
    assert.equal((await banner()).held, true);
    await page.selectOption('#examples', 'opening-answer');
    await page.waitForFunction(() => document.querySelector('#decision').dataset.decision === 'block');
    assert.deepEqual(await banner(), { decision: 'block', held: false, busy: null });
  } finally {
    await lab.close();
  }
});

test('deliver with flags marks every failing claim', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=opening-answer&policy=flag&repair=false&accept_threshold=0.1`);
  try {
    const { page } = lab;
    await page.fill('#answer', 'The Ridgeline bridge opened in 1998 [S1]. The main span is 460 metres long [S3]. It won a European award in 2020.');
    await page.waitForFunction(() => document.querySelectorAll('#delivered mark.flagged').length === 2);
    assert.deepEqual(await page.locator('#delivered mark.flagged').evaluateAll((ms) => ms.map((m) => m.dataset.flag)), ['C2', 'C3']);
    assert.match(await page.locator('#decision').textContent(), /^Deliver with flags: C2, C3 marked/);
  } finally {
    await lab.close();
  }
});

test('links: short for examples, followed on hashchange, and Back returns to the previous state', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=correct-paraphrase`);
  try {
    const { page } = lab;
    await setValue(page, '#support-threshold', '0.65');
    await page.waitForFunction(() => location.hash === '#example=correct-paraphrase&support_threshold=0.65');
    // A link pasted into this tab is followed.
    await page.evaluate(() => { location.hash = '#example=tagore'; });
    await page.waitForFunction(() => document.querySelector('#examples').value === 'tagore');
    // Loading another example is a new history entry: Back returns.
    await page.selectOption('#examples', 'invented-fact');
    await page.waitForFunction(() => location.hash === '#example=invented-fact');
    // So is a change of settings (once the control rests).
    await page.selectOption('#policy', 'flag');
    await page.waitForFunction(() => location.hash === '#example=invented-fact&policy=flag');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#policy').value === 'block');
    assert.equal(await page.inputValue('#examples'), 'invented-fact');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#examples').value === 'tagore');
    assert.equal(await verdictOf(page, 'C2'), 'unsupported');
  } finally {
    await lab.close();
  }
});

test('the drift panel agrees with itself on the SKU-441 example and after recording', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=answer-drift`);
  try {
    const { page } = lab;
    assert.match(await page.locator('.drift-line').textContent(), /The example's 5 earlier answers stand in/);
    assert.equal(await page.locator('#drift-status').getAttribute('data-drift'), 'true');
    // Record three answers, then a changed one: once recorded, the changed
    // answer is still compared with the ones before it, so the status and
    // the chart's last point agree that it drifted.
    await page.fill('#question', 'How much is the lamp? (a new question)');
    await page.fill('#answer', 'The Aurora desk lamp costs $49.99 and ships within two business days.');
    for (let i = 0; i < 3; i++) await page.click('#record-answer');
    await page.fill('#answer', 'The lamp is sold out worldwide and nobody knows when it returns.');
    await page.waitForSelector('#drift-status[data-drift="true"]');
    await page.click('#record-answer');
    await page.waitForFunction(() => document.querySelector('#drift-count').textContent.trim() === '4');
    assert.equal(await page.locator('#drift-status').getAttribute('data-drift'), 'true');
    assert.match(await page.locator('#drift-status').textContent(), /^Drift: /);
    assert.match(await page.locator('.drift-chart circle').last().getAttribute('class'), /drifted/);
    // The list runs oldest first, as the chart does.
    assert.equal(await page.locator('.fingerprints').getAttribute('aria-label'), 'Fingerprints compared with, oldest first');
  } finally {
    await lab.close();
  }
});

test('the embed snippet, pasted as it is into a page on another origin, fits its frame', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=invented-fact`);
  let snippet;
  try {
    const { page } = lab;
    // Closed, the builder makes no snippet (its link is the whole state:
    // with a long source, a copy and a compression of it as typing rests).
    await page.fill('#answer', 'The lantern museum opened in 1887.');
    await page.waitForTimeout(600);
    assert.equal(await page.inputValue('#embed-code'), '', 'no snippet while closed');
    await page.click('.embed-builder summary');
    await page.waitForFunction(() => document.querySelector('#embed-code').value.includes('<iframe'));
    await page.locator('[data-embed-panel=trace]').check();
    await page.selectOption('#embed-lesson', 'seed-004');
    await page.fill('#embed-step', '6');
    await page.waitForFunction(() => document.querySelector('#embed-code').value.includes('step=6'));
    snippet = await page.inputValue('#embed-code');
    // A lesson's link loads the step's own state, with the panels chosen.
    assert.match(snippet, /^<iframe class="claimlab" src="[^"]+\?embed#lesson=seed-004&amp;step=6&amp;hide=[a-z,-]+"/);
    assert.doesNotMatch(snippet.match(/hide=([a-z,-]+)/)[1], /trace|lessons/);
    // The live preview shows the same lab.
    await page.frameLocator('.embed-preview').locator('[data-step="6"].current').waitFor();
  } finally {
    await lab.close();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'claimlab-docs-'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Docs</title><h1>A docs page</h1><p>Before.</p>\n${snippet}\n<p id="after">After.</p>`);
  const docs = await serveDist({ root: dir });
  try {
    assert.notEqual(docs.origin, shared.server.origin);
    const page = await (await shared.browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
    await page.goto(docs.url);
    const frame = page.frameLocator('iframe.claimlab');
    await frame.locator('[data-step="6"].current').waitFor({ timeout: 30_000 });
    const labHeight = await page.frames()[1].evaluate(() => document.body.scrollHeight);
    await page.waitForFunction((h) => Math.abs(document.querySelector('iframe.claimlab').getBoundingClientRect().height - h) <= 2, labHeight);
    assert.ok(labHeight > 600, `lab height ${labHeight}`);
    await page.close();
  } finally {
    await docs.close();
  }
});

test('screenshots at both sizes and themes', async () => {
  const out = path.join(REPO_ROOT, 'target', 'screenshots');
  mkdirSync(out, { recursive: true });
  for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    for (const theme of ['light', 'dark']) {
      const lab = await openLab(shared.browser, `${shared.server.url}#lesson=seed-004&step=6`, { contextOptions: { viewport, colorScheme: theme } });
      try {
        const { page } = lab;
        await page.waitForSelector('[data-step="6"].current');
        const file = path.join(out, `lab-${name}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: name === 'phone' });
        await page.locator('[data-claim-id="C2"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(out, `lab-${name}-${theme}-claims.png`) });
        assert.ok(readFileSync(file).length > 10_000);
      } finally {
        await lab.close();
      }
    }
  }
});
