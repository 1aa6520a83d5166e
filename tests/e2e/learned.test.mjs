// The learned answer score in the lab (the `improved` preset): "why the
// score is 0.83" as one bar per feature for the answer and for each claim,
// the decision threshold's slider first in the rail, deciding live, and the
// Calibration panel sweeping the learned score. Screenshots of both sizes go
// to target/screenshots/learned-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openLab, serveAndLaunch, REPO_ROOT } from './harness.mjs';

const shared = serveAndLaunch();
const OUT = path.join(REPO_ROOT, 'target', 'screenshots');

const logit = (p) => Math.log(p / (1 - p));

/** Set a control's value as a script would, and fire `input`. */
async function setValue(page, selector, value) {
  await page.locator(selector).evaluate((el, v) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** The chart `[data-score-chart=of]`: its score, baseline and bars. */
function chart(page, of) {
  return page.locator(`[data-score-chart="${of}"]`).evaluate((fig) => ({
    probability: Number(fig.dataset.probability),
    baseline: Number(fig.dataset.baseline),
    title: fig.querySelector('figcaption strong').textContent,
    regime: fig.dataset.regime,
    regimeText: fig.querySelector('figcaption .regime').textContent,
    bars: [...fig.querySelectorAll('[data-feature]')].map((li) => ({
      feature: li.dataset.feature,
      contribution: Number(li.dataset.contribution),
      label: li.querySelector('.feature-name').textContent,
      value: li.querySelector('.feature-value').textContent,
      width: li.querySelector('svg.bar').getBoundingClientRect().width,
    })),
  }));
}

/** The bars add up to the score's log-odds less the baseline's. */
function assertAddsUp(c, of) {
  assert.ok(c.bars.length >= 10, `${of}: ${c.bars.length} bars`);
  const sum = c.bars.reduce((s, b) => s + b.contribution, 0);
  const expected = logit(c.probability) - logit(c.baseline);
  assert.ok(Math.abs(sum - expected) < 1e-6, `${of}: bars add to ${sum}, the score says ${expected}`);
  assert.equal(c.title, `Why ${of === 'answer' ? 'the answer' : of} scores ${c.probability.toFixed(2)}`);
  // It says whose weights scored it (the example has a question).
  assert.ok(['short_answer', 'long_answer'].includes(c.regime), `${of}: regime ${c.regime}`);
  assert.match(c.regimeText, /answer to a question/);
  // Every feature has a human name, and every bar has room; a finding reads
  // yes or no, a share as a number.
  const yesOrNo = ['wrong_number', 'negation_flip', 'opposite_word', 'invented_name', 'bad_citation', 'no_source', 'weak'];
  for (const b of c.bars) {
    if (yesOrNo.includes(b.feature)) assert.match(b.value, /^(yes|no)$/, `${of}: ${b.feature} reads ${b.value}`);
    else assert.match(b.value, /^\d\.\d\d$/, `${of}: ${b.feature} reads ${b.value}`);
    assert.notEqual(b.label.trim(), b.feature, `${b.feature} has a human name`);
    assert.ok(b.width > 30, `${of}: the bar of ${b.feature} is ${b.width}px wide`);
  }
}

test('under the improved preset the score is explained and the decision threshold decides live', async () => {
  mkdirSync(OUT, { recursive: true });
  for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const lab = await openLab(shared.browser, `${shared.server.url}#example=correct-paraphrase`, { contextOptions: { viewport } });
    try {
      const { page } = lab;
      // No chart under the seed's scoring; the decision threshold is in the drawer.
      assert.equal(await page.locator('[data-score-chart]').count(), 0);
      assert.equal(await page.locator('.threshold [data-setting=decision_threshold]').count(), 0);
      await page.selectOption('#preset', 'improved');
      await page.waitForSelector('[data-score-chart="answer"]');
      const answer = await chart(page, 'answer');
      assertAddsUp(answer, 'answer');
      // The slider is first in the rail, once (not also in the drawer).
      assert.equal(await page.locator('[data-setting=decision_threshold]').count(), 1);
      assert.equal(await page.locator('.threshold [data-setting=decision_threshold]').count(), 1);
      assert.equal(await page.locator('[data-strip=decision_threshold] circle').count(), 1);
      const decision = await page.locator('#decision').getAttribute('data-decision');
      assert.ok(answer.probability < 0.99, `the answer scores ${answer.probability}`);
      assert.notEqual(decision, 'deliver', 'the improved preset stops this answer');

      // A claim's chart opens under the table from its row's button.
      await page.click('[data-score-toggle="C1"]');
      await page.waitForSelector('[data-score-chart="C1"]');
      assertAddsUp(await chart(page, 'C1'), 'C1');
      assert.equal(await page.locator('[data-score-toggle="C1"]').getAttribute('aria-expanded'), 'true');

      if (name === 'desktop') {
        await page.screenshot({ path: path.join(OUT, 'learned-desktop.png') });
        await page.locator('[data-score-chart="C1"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(OUT, 'learned-desktop-claim.png') });
        await page.locator('[data-score-chart="answer"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(OUT, 'learned-desktop-answer.png') });
      } else {
        await page.screenshot({ path: path.join(OUT, 'learned-phone.png'), fullPage: true });
        await page.locator('#decision-threshold').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(OUT, 'learned-phone-rail.png') });
        await page.locator('[data-score-chart="C1"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(OUT, 'learned-phone-claim.png') });
        await page.locator('[data-score-chart="answer"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(OUT, 'learned-phone-answer.png') });
      }

      // Past the answer's score, the answer is delivered; back under it,
      // stopped again. (Its claims are supported: the learned score stops
      // it for the words C2's sentence lacks.)
      await setValue(page, '#decision-threshold', '0.99');
      await page.waitForFunction(() => document.querySelector('#decision').dataset.decision === 'deliver');
      await setValue(page, '#decision-threshold', '0.5');
      await page.waitForFunction((d) => document.querySelector('#decision').dataset.decision === d, decision);
      assert.deepEqual(lab.problems(), []);
    } finally {
      await lab.close();
    }
  }
  assert.ok(readFileSync(path.join(OUT, 'learned-desktop.png')).length > 10_000);
});

test('the Calibration panel sweeps the learned score at the decision threshold', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=correct-paraphrase`);
  try {
    const { page } = lab;
    await page.selectOption('#calibration-set', 'halueval');
    await page.waitForSelector('#calibration-figures', { timeout: 60_000 });
    assert.equal(await page.locator('#calibration-sweep').getAttribute('data-sweeps'), 'support_threshold');
    assert.match(await page.locator('#calibration-figures').textContent(), /^At support threshold/);
    await page.selectOption('#preset', 'improved');
    await page.waitForFunction(() => document.querySelector('#calibration-sweep').dataset.sweeps === 'decision_threshold', null, { timeout: 60_000 });
    assert.match(await page.locator('#calibration-sweep').textContent(), /learned hallucination score/);
    await page.waitForFunction(() => /^At decision threshold/.test(document.querySelector('#calibration-figures')?.textContent ?? ''), null, { timeout: 60_000 });
    // The point follows the slider without the sample being scored again.
    const at = () => page.locator('#calibration-figures').textContent();
    const before = await at();
    await setValue(page, '#decision-threshold', '0.9');
    await page.waitForFunction(() => /^At decision threshold 0\.90/.test(document.querySelector('#calibration-figures').textContent));
    assert.notEqual(await at(), before);
    assert.deepEqual(lab.problems(), []);
  } finally {
    await lab.close();
  }
});
