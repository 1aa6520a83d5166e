// The lab's behaviour in real headless Chromium against the release build:
// examples, live edits, the threshold slider, the trace player, the policy,
// samples, repair, files, hostile text and keyboard use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openLab, serveAndLaunch } from './harness.mjs';

/** Three paragraphs of plain text, the third the one "[3]" cites. */
const PARAS = 'The Kestrel viaduct crosses the Aln valley.\n\nIt opened to traffic in 1931.\n\nThe viaduct employs 12 wardens.';

const shared = serveAndLaunch();

/** Open the lab, run `fn(page)`, and fail on any console error or page error. */
async function withPage(fn, contextOptions = {}) {
  const lab = await openLab(shared.browser, shared.server.url, { contextOptions });
  try {
    await fn(lab.page);
    assert.deepEqual(lab.problems(), [], 'the page logged problems');
  } finally {
    await lab.close();
  }
}

const verdicts = (page) => page.$$eval('[data-claim-id]', (rows) => rows.map((r) => r.getAttribute('data-verdict')));
const verdictOf = (page, id) => page.getAttribute(`[data-claim-id="${id}"]`, 'data-verdict');
const decision = (page) => page.getAttribute('#decision', 'data-decision');

/** Wait until `f()` resolves to `want` (the lab recomputes synchronously; this only absorbs rendering). */
async function eventually(f, want, message) {
  // A bound on waiting, not on speed: a shared CI machine can take a
  // second or more for work the page does in milliseconds.
  const deadline = Date.now() + 10_000;
  let got;
  do {
    got = await f();
    if (JSON.stringify(got) === JSON.stringify(want)) return;
    await new Promise((r) => setTimeout(r, 20));
  } while (Date.now() < deadline);
  assert.deepEqual(got, want, message);
}

const EXPECTED = {
  'opening-answer': ['supported', 'contradicted', 'supported'],
  'invented-fact': ['supported', 'unsupported'],
  'wrong-citation': ['supported', 'miscited'],
  'correct-paraphrase': ['supported', 'supported'],
  'confident-lie': ['contradicted', 'supported'],
  'hallucinated-citation': ['unsupported'],
  'billing-contradiction': ['contradicted', 'unsupported'],
  'answer-drift': ['contradicted', 'unsupported', 'unsupported', 'unsupported'],
  'clean-answer': ['supported', 'supported', 'supported', 'supported'],
  tagore: ['supported', 'unsupported'],
};

test('every example loads with its verdicts', async () => {
  await withPage(async (page) => {
    const options = await page.$$eval('#examples option', (os) => os.map((o) => o.value).filter(Boolean));
    assert.deepEqual(options.sort(), Object.keys(EXPECTED).sort(), 'the menu lists every built-in example');
    for (const [name, want] of Object.entries(EXPECTED)) {
      await page.selectOption('#examples', name);
      await eventually(() => verdicts(page), want, name);
    }
  });
});

test('the opening answer shows C2 contradicted at 4/5 = 0.80 and is blocked', async () => {
  await withPage(async (page) => {
    assert.equal(await page.getAttribute('[data-claim-id="C2"]', 'data-support'), '0.80');
    assert.match(await page.textContent('[data-claim-id="C2"]'), /4\/5 = 0\.80/);
    assert.match(await page.textContent('[data-claim-id="C2"]'), /460 metres not in S3 \(says 410 metres\)/);
    assert.equal(await decision(page), 'block');
    // The answer as written is withheld; repair patched 460 to 410, checked it
    // again, and that is what the user receives (routing healed_accept).
    const delivered = await page.textContent('#delivered');
    assert.match(delivered, /The answer as written: C2 is contradicted/);
    assert.match(delivered, /The main span is 410 metres long/);
  });
});

test('typing into the answer changes the verdict at once', async () => {
  await withPage(async (page) => {
    assert.equal(await verdictOf(page, 'C2'), 'contradicted');
    const answer = page.locator('#answer');
    await answer.fill('');
    await answer.pressSequentially('The main span is 460 metres long.', { delay: 5 });
    await eventually(() => verdicts(page), ['contradicted'], 'typed 460');
    for (let i = 0; i < ' metres long.'.length + 2; i++) await answer.press('Backspace');
    await answer.pressSequentially('10 metres long.', { delay: 5 });
    await eventually(() => verdicts(page), ['supported'], 'typed 410');
    assert.equal(await decision(page), 'deliver');
  });
});

test('moving the threshold across 0.6 flips the paraphrase claim', async () => {
  await withPage(async (page) => {
    await page.selectOption('#examples', 'correct-paraphrase');
    await eventually(() => verdictOf(page, 'C2'), 'supported', 'at 0.50');
    const slider = page.locator('#support-threshold');
    await slider.fill('0.65');
    await eventually(() => verdictOf(page, 'C2'), 'unsupported', 'at 0.65');
    assert.equal(await decision(page), 'block');
    assert.equal((await page.textContent('#support-threshold-value')).trim(), '0.65');
    await slider.fill('0.6');
    await eventually(() => verdictOf(page, 'C2'), 'supported', 'at 0.60 exactly (3/5 meets it)');
    await slider.focus();
    await page.keyboard.press('ArrowRight'); // 0.65
    await eventually(() => verdictOf(page, 'C2'), 'unsupported', 'after one step with the keyboard');
  });
});

test('the toggles and the policy change the decision', async () => {
  await withPage(async (page) => {
    await page.selectOption('#policy', 'flag');
    await eventually(() => decision(page), 'deliver_with_flags', 'flag policy');
    assert.match(await page.textContent('#delivered'), /C2 is contradicted/);
    await page.selectOption('#policy', 'block');
    await eventually(() => decision(page), 'block', 'block policy');
    await page.uncheck('#number-check');
    await eventually(() => verdicts(page), ['supported', 'supported', 'supported'], 'number check off');
    await page.selectOption('#examples', 'wrong-citation');
    await eventually(() => verdictOf(page, 'C2'), 'miscited', 'citation check on');
    await page.uncheck('#citation-check');
    await eventually(() => decision(page), 'deliver', 'citation check off');
    await page.click('#strict');
    assert.equal(await page.inputValue('#support-threshold'), '0.7');
    await page.click('#reset');
    await eventually(() => verdictOf(page, 'C2'), 'miscited', 'reset restores the example');
  });
});

test('the trace steps, restarts and plays', async () => {
  await withPage(async (page) => {
    const states = () => page.$$eval('[data-event]', (es) => es.map((e) => e.getAttribute('data-state')));
    const all = await states();
    assert.ok(all.length > 10 && all.every((s) => s === 'shown'), 'a loaded example shows its whole trace');
    await page.click('#restart');
    await eventually(states, all.map(() => 'pending'), 'restart hides every event');
    await page.click('#step');
    await page.click('#step');
    await eventually(states, all.map((_, i) => (i < 2 ? 'shown' : 'pending')), 'two steps show two events');
    assert.match(await page.textContent('.computed'), /claims/i, 'computed data shows the current event');
    assert.equal(await page.getAttribute('[data-event]:nth-child(2)', 'data-event'), 'claims_split');
    // Play fast: 4x over 5 seconds finishes in about 1.25 s.
    await page.selectOption('#speed', '4');
    await page.fill('#inspection-time', '5');
    await page.locator('#inspection-time').dispatchEvent('change');
    await page.click('#play');
    assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'true');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-event]')].every((e) => e.dataset.state === 'shown'), null, { timeout: 15_000 });
    await eventually(() => page.getAttribute('#play', 'aria-pressed'), 'false', 'play stops at the end');
  });
});

test('stepping keeps the current event in sight in the event list, scrolling the list and not the page (a stranger\'s finding)', async () => {
  await withPage(async (page) => {
    const count = await page.locator('[data-event]').count();
    await page.click('#restart');
    const sight = () => page.$eval('ol.events', (list) => {
      const current = list.querySelector('li.current');
      if (!current) return 'none';
      const l = list.getBoundingClientRect();
      const c = current.getBoundingClientRect();
      return c.top >= l.top - 1 && c.bottom <= l.bottom + 1 ? 'in sight' : `out of sight (${c.top}–${c.bottom} in ${l.top}–${l.bottom})`;
    });
    const overflows = await page.$eval('ol.events', (list) => list.scrollHeight > list.clientHeight + 10);
    assert.ok(overflows, 'the example has more events than the list shows at once');
    let pageY;
    for (let i = 0; i < count; i++) {
      await page.click('#step');
      await eventually(sight, 'in sight', `event ${i + 1} of ${count} in sight`);
      // (Playwright scrolls the page to the button before its first click.)
      pageY ??= await page.evaluate(() => window.scrollY);
    }
    assert.ok(await page.$eval('ol.events', (list) => list.scrollTop > 0), 'the list scrolled');
    await page.click('#restart');
    await eventually(() => page.$eval('ol.events', (list) => list.scrollTop), 0, 'Restart scrolls the list back to its top');
    assert.equal(await page.evaluate(() => window.scrollY), pageY, 'the page did not move');
  });
});

test('editing never starts a replay, and a replay the user started keeps going', async () => {
  await withPage(async (page) => {
    await page.locator('#answer').pressSequentially(' It opened in 1999.', { delay: 5 });
    const states = await page.$$eval('[data-event]', (es) => es.map((e) => e.dataset.state));
    assert.ok(states.every((s) => s === 'shown'), states.join(','));
    assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'false');
    // Started by the user, a replay goes on over the new result.
    await page.click('#restart');
    await page.click('#play');
    await page.locator('#answer').pressSequentially(' More.', { delay: 5 });
    assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'true');
    const pending = await page.$$eval('[data-event]', (es) => es.filter((e) => e.dataset.state === 'pending').length);
    assert.ok(pending > 0, 'the replay is still under way');
  });
});

test('a replay stepped to its end stays at the end when an edit adds events (a stranger\'s finding)', async () => {
  await withPage(async (page) => {
    const count = await page.locator('[data-event]').count();
    await page.click('#restart');
    for (let i = 0; i < count; i++) await page.click('#step');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-event]')].every((e) => e.dataset.state === 'shown'));
    await page.locator('#answer').press('End');
    await page.locator('#answer').pressSequentially(' Maintenance crews inspect the cables every spring.', { delay: 5 });
    await page.waitForFunction((n) => document.querySelectorAll('[data-event]').length > n, count);
    // Every event of the new check shown, and what ships with them.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-event]')].every((e) => e.dataset.state === 'shown'), null, { timeout: 5_000 });
    assert.doesNotMatch(await page.textContent('#delivered'), /Not decided yet/);
    assert.doesNotMatch(await page.textContent('.panel.repair'), /Not shown yet/);
  });
});

test('with reduced motion an edit shows the whole trace at once', async () => {
  await withPage(async (page) => {
    await page.locator('#answer').pressSequentially(' More.', { delay: 5 });
    const states = await page.$$eval('[data-event]', (es) => es.map((e) => e.dataset.state));
    assert.ok(states.every((s) => s === 'shown'), states.join(','));
  }, { reducedMotion: 'reduce' });
});

test('samples: Tagore shows consistency 0.33, and a repeated hallucination passes', async () => {
  await withPage(async (page) => {
    await page.selectOption('#examples', 'tagore');
    await eventually(() => verdicts(page), ['supported', 'unsupported'], 'tagore');
    assert.match(await page.textContent('[data-claim-id="C2"]'), /0\.33 \(1 of 3\)/);
    assert.equal(await page.locator('.sample').count(), 3);
    await page.click('#repeat-answer');
    await eventually(() => verdicts(page), ['supported', 'supported'], 'every sample repeats the answer');
    await page.click('#add-sample');
    assert.equal(await page.locator('.sample').count(), 4);
    await page.locator('.sample').nth(3).getByRole('button', { name: /Remove/ }).click();
    assert.equal(await page.locator('.sample').count(), 3);
  });
});

test('best of N marks the most faithful sample against the source', async () => {
  await withPage(async (page) => {
    await page.click('#add-sample');
    await page.fill('#sample-1', 'The main span is 460 metres long.');
    await page.click('#add-sample');
    await page.fill('#sample-2', 'The main span is 410 metres long. The deck carries four lanes of traffic.');
    await eventually(() => page.$$eval('.best-of-n.best', (es) => es.length), 1, 'one sample is marked');
    assert.match(await page.textContent('.sample[data-sample="2"]'), /2 of 2 claims supported by the source · most faithful/);
  });
});

test('repair shows before, after, the changes and the routing', async () => {
  await withPage(async (page) => {
    await page.selectOption('#examples', 'billing-contradiction');
    await eventually(() => page.textContent('#repair-after'), 'The Pro plan costs $120 per year, billed annually. You can cancel your annual subscription at any time.', 'repaired text');
    assert.match(await page.textContent('.repair .changes'), /Replaced '\$10' → '\$120'/);
    assert.equal((await page.textContent('#repair-routing')).trim(), 'healed accept');
  });
});

test('user text is rendered as text, never as markup', async () => {
  await withPage(async (page) => {
    const payloads = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 2">',
      '"><svg onload="window.__pwned = 3">',
      '<a href="javascript:window.__pwned = 4">x</a>',
    ];
    const hostile = `The main span is 410 metres long. ${payloads.join(' ')}`;
    await page.fill('#answer', hostile);
    await page.fill('#source', `${claimlab()} ${payloads.join(' ')}`);
    await page.hover('[data-claim-id="C1"]');
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(await page.locator('.answer-view img, .answer-view svg, .answer-view script, .sentences img, .sentences script').count(), 0);
    assert.match(await page.textContent('.answer-view'), /<img src=x onerror=/);
  });
});

function claimlab() {
  return 'The main span is 410 metres long.';
}

test('keyboard: a claim row takes focus and highlights its evidence', async () => {
  await withPage(async (page) => {
    await page.focus('[data-claim-id="C1"]');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement.getAttribute('data-claim-id'));
    assert.equal(focused, 'C2');
    await eventually(() => page.$$eval('[data-source].best', (es) => es.map((e) => e.dataset.source)), ['S3'], 'best sentence marked');
    assert.equal(await page.textContent('.sentences .best mark.mark-number'), '410');
    assert.equal(await page.textContent('.answer-view .focused mark.mark-number'), '460');
    // Every control has a label.
    const unlabelled = await page.$$eval('input, select, textarea', (els) =>
      els.filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')).map((el) => el.id || el.outerHTML.slice(0, 40)));
    assert.deepEqual(unlabelled, []);
    assert.equal(await page.getAttribute('#decision', 'aria-live'), 'polite');
  });
});

test('opening a transcript makes numbered passages; a bad file gets a clear message', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'claimlab-e2e-'));
  const vtt = path.join(dir, 'meeting.vtt');
  await writeFile(vtt, 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\nWe agreed to ship in March.\n\n2\n00:00:04.500 --> 00:00:07.000\nThe budget is $50k.\n');
  const latin1 = path.join(dir, 'notes.txt');
  await writeFile(latin1, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  const pdf = path.join(dir, 'paper.pdf');
  await writeFile(pdf, '%PDF-1.4');
  const notes = path.join(dir, 'notes.md');
  await writeFile(notes, Array.from({ length: 4 }, (_, i) => `Paragraph ${i + 1} ${'is about the bridge. '.repeat(9)}`.trim()).join('\n\n'));
  const paras = path.join(dir, 'paras.txt');
  await writeFile(paras, PARAS);
  const vttNamedTxt = path.join(dir, 'meeting.txt');
  await writeFile(vttNamedTxt, await readFile(vtt));
  const big = path.join(dir, 'big.txt');
  await writeFile(big, 'a'.repeat(4 * 1024 * 1024 + 10));
  await withPage(async (page) => {
    const before = await page.inputValue('#source');
    await page.setInputFiles('#open-source', vtt);
    await eventually(() => page.inputValue('#source'), '[1] We agreed to ship in March. The budget is $50k.', 'transcript text');
    assert.match(await page.textContent('#file-message'), /Opened meeting\.vtt as 1 passage \(Ctrl\+Z undoes it\)\./);
    // Opening a file is one step to undo: the source it replaced comes back, and again the file's.
    await page.focus('#source');
    await page.keyboard.press('Control+z');
    await eventually(() => page.inputValue('#source'), before, 'the source before the file');
    // Once the source is edited (here by the undo), Ctrl+Z no longer undoes the opening.
    assert.equal((await page.textContent('#file-message')).trim(), 'Opened meeting.vtt as 1 passage.');
    await page.keyboard.press('Control+Shift+z');
    await eventually(() => page.inputValue('#source'), '[1] We agreed to ship in March. The budget is $50k.', 'the file again');
    await page.setInputFiles('#open-source', latin1);
    await eventually(async () => /not UTF-8 text/.test(await page.textContent('#file-message')), true, 'non-UTF-8 message');
    assert.equal(await page.inputValue('#source'), '[1] We agreed to ship in March. The budget is $50k.', 'a bad file loses nothing');
    // A file saved as UTF-16 (Windows PowerShell's `>`) is named as such.
    const utf16 = path.join(dir, 'powershell.txt');
    await writeFile(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('We agreed to ship in March.\r\n', 'utf16le')]));
    await page.setInputFiles('#open-source', utf16);
    await eventually(async () => (await page.textContent('#file-message')).trim(), 'Cannot open powershell.txt: it is UTF-16 text; save it as UTF-8.', 'UTF-16 named');
    assert.equal(await page.inputValue('#source'), '[1] We agreed to ship in March. The budget is $50k.', 'a UTF-16 file loses nothing');
    // Without a byte order mark, in Cyrillic (whose UTF-16 bytes are valid
    // UTF-8 but for its spaces' NULs: it was loaded as text full of NULs).
    const cyrillic = path.join(dir, 'cyrillic.txt');
    await writeFile(cyrillic, Buffer.from('Мост открыт в 1998 году. Его длина 410 метров.', 'utf16le'));
    await page.setInputFiles('#open-source', cyrillic);
    await eventually(async () => (await page.textContent('#file-message')).trim(), 'Cannot open cyrillic.txt: it is UTF-16 text; save it as UTF-8.', 'UTF-16 without a mark named');
    assert.equal(await page.inputValue('#source'), '[1] We agreed to ship in March. The budget is $50k.', 'nor does one without a mark');
    await page.setInputFiles('#open-source', pdf);
    await eventually(async () => /choose a \.txt, \.md or \.vtt file/.test(await page.textContent('#file-message')), true, 'wrong kind');
    // Just over 4 MB reads as over it (rounded up), not "4.0 MB; the limit is 4 MB".
    await page.setInputFiles('#open-source', big);
    await eventually(async () => (await page.textContent('#file-message')).includes('it is 4.1 MB; the limit is 4 MB'), true, 'too big');
    assert.equal(await page.inputValue('#source'), '[1] We agreed to ship in March. The budget is $50k.', 'a file too big loses nothing');
    // Once the source is edited, a refused file is no longer news (a
    // stranger's stayed in red under the source pasted after it).
    await page.focus('#source');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' x');
    await eventually(async () => (await page.$('#file-message')) === null, true, 'a refused file forgotten on an edit');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    // Four paragraphs of 200 characters pack into two passages of at most
    // 500: the message counts the numbered passages, not the paragraphs.
    await page.setInputFiles('#open-source', notes);
    await eventually(async () => /Opened notes\.md as 2 passages/.test(await page.textContent('#file-message')), true, 'passages counted');
    const opened = await page.inputValue('#source');
    assert.equal(opened.split(/^\[\d+\] /m).length - 1, 2, opened);
    // Plain text opens as it is, its own paragraphs its passages, as the
    // CLI reads the same file ("[3]" names the third paragraph); one that
    // opens with WEBVTT is a transcript whatever its name.
    await page.setInputFiles('#open-source', paras);
    await eventually(() => page.inputValue('#source'), PARAS, 'plain text as it is');
    assert.equal((await page.textContent('#file-message')).trim(), 'Opened paras.txt (Ctrl+Z undoes it).');
    assert.equal(await page.inputValue('#question'), '', "the example's question is not the file's");
    await page.fill('#answer', 'The viaduct employs 12 wardens [3].');
    await eventually(() => page.getAttribute('tr[data-claim-id="C1"]', 'data-verdict'), 'supported', 'the third paragraph cited');
    await page.setInputFiles('#open-source', vttNamedTxt);
    await eventually(() => page.inputValue('#source'), '[1] We agreed to ship in March. The budget is $50k.', 'a transcript by its text');
  });
});

test('a file saved with Windows line breaks: a click on a sentence selects that sentence, and typing replaces it', async () => {
  // The box's value holds every line break as "\n"; a source that kept
  // its "\r"s put each selection one character late per "\r" before it.
  const dir = await mkdtemp(path.join(tmpdir(), 'claimlab-e2e-'));
  const crlf = path.join(dir, 'windows.txt');
  await writeFile(crlf, 'Alpha one is near.\r\nBeta two is here.\r\n\r\nGamma three is there.\rDelta four is far.\r\nEpsilon five ends it.\r\n');
  await withPage(async (page) => {
    await page.setInputFiles('#open-source', crlf);
    const opened = 'Alpha one is near.\nBeta two is here.\n\nGamma three is there.\nDelta four is far.\nEpsilon five ends it.\n';
    await eventually(() => page.inputValue('#source'), opened, 'the file as the box holds it');
    const listed = await page.textContent('.sentences li[data-source="S4"] .stext');
    assert.equal(listed, 'Delta four is far.');
    await page.click('.sentences li[data-source="S4"]');
    const selected = () => page.evaluate(() => { const el = document.querySelector('#source'); return el.value.slice(el.selectionStart, el.selectionEnd); });
    assert.equal(await selected(), listed);
    await page.keyboard.type('Omega.');
    await eventually(() => page.inputValue('#source'), opened.replace('Delta four is far.', 'Omega.'), 'the sentence replaced');
    await eventually(() => page.textContent('.sentences li[data-source="S4"] .stext'), 'Omega.', 'the list redrawn');
    await page.click('.sentences li[data-source="S5"]');
    assert.equal(await selected(), 'Epsilon five ends it.');
  });
});

test('the recompute time is shown', async () => {
  await withPage(async (page) => {
    assert.match(await page.textContent('#recompute-ms'), /checked in \d+\.\d ms/);
  });
});

test('editing the answer reuses the analysed source; editing the source analyses it again', async () => {
  await withPage(async (page) => {
    const recompute = () => page.textContent('#recompute-ms');
    await page.fill('#source', `${await page.inputValue('#source')} The bridge also carries a tram line.`);
    await eventually(async () => /source analysed in \d+\.\d ms/.test(await recompute()), true, 'a new source is analysed');
    await page.fill('#answer', `${await page.inputValue('#answer')} It carries a tram line.`);
    await eventually(async () => (await page.textContent('.answer-view')).includes('tram line'), true, 'the answer is checked');
    assert.match(await recompute(), /^checked in \d+\.\d ms$/, 'no source analysis for an answer edit');
  });
});

test('the page fits 360 px without horizontal scrolling, in both themes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    await withPage(async (page) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${colorScheme}: ${overflow}px wider than the viewport`);
      await page.click('#theme');
      assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
      await page.click('#theme');
      assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    }, { viewport: { width: 360, height: 800 }, colorScheme });
  }
});

test('calibration: a bundled sample draws its curve; the threshold moves the point; an example opens', async () => {
  await withPage(async (page) => {
    await page.selectOption('#calibration-set', 'halueval');
    await page.waitForSelector('#calibration-point', { timeout: 20_000 });
    const point = () => page.$eval('#calibration-point', (c) => [c.getAttribute('cx'), c.getAttribute('cy')].join(','));
    const before = await point();
    assert.match(await page.textContent('#calibration-figures'), /At support threshold 0\.50: precision \d\.\d\d, recall \d\.\d\d/);
    await page.locator('#support-threshold').fill('0.95');
    await eventually(async () => (await point()) !== before, true, 'the point moves with the slider');
    assert.match(await page.textContent('#calibration-figures'), /At support threshold 0\.95/);
    // Open the first listed answer in the lab.
    await page.selectOption('#calibration-filter', 'all');
    const first = page.locator('.cal-row').first();
    const excerpt = (await first.locator('.cal-text').textContent()).replace('…', '');
    await first.getByRole('button', { name: 'Open' }).click();
    assert.ok((await page.inputValue('#answer')).startsWith(excerpt.slice(0, 40)));
    assert.equal(await page.inputValue('#examples'), '');
  });
});

test('a source that labels its passages is cited and headed by its labels: [12] then [3]', async () => {
  await withPage(async (page) => {
    await page.fill('#source', '[12] The ferry sails at noon. It carries 40 cars.\n\n[3] The pier was mended in 1998.');
    await page.fill('#answer', 'The pier was mended in 1998 [3]. The ferry sails at noon [3].');
    await eventually(() => verdicts(page), ['supported', 'miscited']);
    await eventually(
      () => page.$$eval('.sentences .passage-head', (hs) => hs.map((h) => h.textContent)),
      ['Passage 12', 'Passage 3'],
    );
  });
});

// A keystroke's check takes back the claims the keystroke before checked
// (pipeline::Earlier): after edits anywhere in a long answer (a claim
// changed, sentences split, merged, inserted and deleted, the preset and
// the question changed between them), every claim row, the answer view,
// the strip's dots and the trace's items, in order, are what a fresh page
// opened from the link shows.
test('after edits anywhere in a long answer the page shows what a fresh page of the same link shows', async () => {
  const { settledLink } = await import('./harness.mjs');
  const facts = [
    'The Ridgeline bridge opened to traffic in 1998.',
    'Its main span is 410 metres long.',
    'It was designed by Halvorsen Partners.',
    'The toll is $4 for cars and free for bicycles.',
    'About 12,000 vehicles cross it every day.',
    'The bridge is closed to trucks on Sundays.',
  ];
  const answer = Array.from({ length: 14 }, (_, i) => {
    const f = facts[i % facts.length];
    return [f, f.replace('1998', '1989'), f.replace(' is ', ' is not '), `${f.slice(0, -1)} [S${(i % 6) + 1}].`][i % 4];
  }).join(' ');
  const shown = (page) => page.evaluate(() => ({
    rows: [...document.querySelectorAll('.claims-table tbody tr')].map((r) => [r.dataset.claimId, r.dataset.verdict, r.dataset.support, r.textContent]),
    view: [...document.querySelectorAll('.answer-view .claim')].map((c) => [c.dataset.claim, c.className, c.textContent]),
    viewText: document.querySelector('.answer-view').textContent.replace(/C\d+(?=\S)/g, ''),
    dots: [...document.querySelectorAll('svg.strip circle')].map((c) => [c.getAttribute('class'), c.getAttribute('cx'), c.textContent]),
    // The trace's items in the list's order (each with its place).
    trace: [...document.querySelectorAll('ol.events li')].map((li) => [li.dataset.index, li.dataset.event, li.dataset.state, li.textContent]),
    decision: document.querySelector('#decision')?.dataset.decision,
    // What ships and the repair, drawn again as the answer changes (a
    // new page draws them once).
    delivered: document.querySelector('#delivered').textContent,
    repair: document.querySelector('.panel.repair').textContent,
  }));
  // The repair's "before" is the answer; a repaired answer that ships is
  // the repair's "after".
  const texts = async (page) => {
    await page.waitForFunction(() => !document.querySelector('#decision').hasAttribute('aria-busy'));
    return page.evaluate(() => ({
      answer: document.querySelector('#answer').value,
      before: document.querySelector('#repair-before')?.textContent ?? null,
      after: document.querySelector('#repair-after')?.textContent ?? null,
      delivery: document.querySelector('#decision').dataset.delivery,
      delivered: [...document.querySelectorAll('#delivered .delivered-text')].map((p) => p.textContent),
    }));
  };
  await withPage(async (page) => {
    await page.fill('#source', facts.join(' '));
    await page.fill('#answer', answer);
    await page.click('#answer');
    const at = (text) => page.evaluate((t) => {
      const el = document.querySelector('#answer');
      const i = el.value.indexOf(t);
      el.setSelectionRange(i, i + t.length);
    }, text);
    const steps = [
      async () => { await at('410'); await page.keyboard.type('420'); },
      async () => { await at('Partners.'); await page.keyboard.press('ArrowRight'); await page.keyboard.type(' It is painted red'); },
      async () => { await at('. About'); await page.keyboard.press('ArrowLeft'); await page.keyboard.press('ArrowRight'); await page.keyboard.press('Delete'); },
      async () => { await at(' for cars'); await page.keyboard.press('ArrowLeft'); await page.keyboard.type('. It is'); },
      async () => { await page.selectOption('#preset', 'improved'); await at('Sundays'); await page.keyboard.type('Mondays'); },
      async () => { await page.fill('#question', 'How long is the Ridgeline bridge?'); await at('traffic'); await page.keyboard.type('cars'); },
      // Characters of two UTF-16 units and of two bytes ahead of later edits.
      async () => { await page.keyboard.press('Control+Home'); await page.keyboard.type('The bridge 🌉 is old, says Zoë. '); },
      async () => { await page.keyboard.press('Control+End'); await page.keyboard.type(' It carries a tram line 🚋.'); },
      async () => { await at('1989'); await page.keyboard.type('1988'); },
    ];
    for (const [k, step] of steps.entries()) {
      await step();
      const link = await settledLink(page);
      const edited = await shown(page);
      const fresh = await openLab(shared.browser, link);
      try {
        await fresh.page.waitForSelector('.claims-table tbody tr');
        assert.deepEqual(edited, await shown(fresh.page), `step ${k + 1}: the edited page and a fresh page of its link differ`);
        assert.deepEqual(fresh.problems(), []);
      } finally {
        await fresh.close();
      }
      assert.equal(edited.viewText.replace(/\s+/g, ''), (await page.inputValue('#answer')).replace(/\s+/g, ''), `step ${k + 1}: the answer view shows the answer`);
      const t = await texts(page);
      if (t.before !== null) assert.equal(t.before, t.answer, `step ${k + 1}: the repair's before is the answer`);
      if (t.delivery === 'repaired') assert.deepEqual(t.delivered, [t.after], `step ${k + 1}: the repaired answer ships`);
      if (t.delivery === 'answer') assert.deepEqual(t.delivered, [t.answer], `step ${k + 1}: the answer ships`);
      assert.deepEqual(edited.trace.map(([index]) => Number(index)), edited.trace.map((_, i) => i), `step ${k + 1}: the trace's items are in order`);
    }
  });
});

test('a sentence split early in the source numbers the later best sources again in place: their claims\' rows are not drawn again', async () => {
  const facts = [
    'The Ridgeline bridge opened to traffic in 1998.',
    'Its main span is 410 metres long.',
    'It was designed by Halvorsen Partners.',
    'About 12,000 vehicles cross it every day.',
    'The toll was abolished in 2009.',
    'A cycle lane was added in 2014.',
  ];
  await withPage(async (page) => {
    await page.fill('#source', facts.join(' '));
    await page.fill('#answer', facts.slice(1).join(' '));
    await page.waitForSelector('[data-claim-id="C5"]');
    const rows = () => page.$$eval('.claims-table tbody tr', (rows) => rows.map((r) => ({
      id: r.dataset.claimId,
      tagged: r.dataset.tagged || null,
      best: r.querySelector('td[data-label="Best source"]').textContent,
      reason: r.querySelector('.reason').textContent,
    })));
    const before = await rows();
    assert.deepEqual(before.map((r) => r.best), ['S2', 'S3', 'S4', 'S5', 'S6']);
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('.claims-table tbody tr')) el.dataset.tagged = el.dataset.claimId;
    });
    // Split the first sentence in two: every later sentence takes the next number.
    await page.click('#source');
    await page.evaluate(() => {
      const el = document.querySelector('#source');
      const at = el.value.indexOf(' to traffic');
      el.setSelectionRange(at, at);
    });
    await page.keyboard.type('. Then');
    await eventually(async () => (await rows()).map((r) => r.best).join(' '), 'S3 S4 S5 S6 S7', 'the best sources numbered again');
    const after = await rows();
    for (const [i, row] of after.entries()) {
      assert.equal(row.tagged, `C${i + 1}`, `${row.id}'s row is the one drawn before`);
      assert.equal(row.reason, before[i].reason.replace(/S(\d+)/g, (_, n) => `S${Number(n) + 1}`), `${row.id}'s reason names its sentence's new number`);
    }
    assert.deepEqual(await page.$$eval('.sentences li[data-source] .sid', (ids) => ids.map((i) => i.textContent)), ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7']);
  });
});

test('a claim begun in the middle of a long answer numbers the later claims again in place, and the strip legend stays short', async () => {
  const facts = [
    'The Ridgeline bridge opened to traffic in 1998.',
    'Its main span is 410 metres long.',
    'It was designed by Halvorsen Partners.',
    'About 12,000 vehicles cross it every day.',
  ];
  const answer = Array.from({ length: 20 }, (_, i) => facts[i % facts.length].replace('1998', String(1990 + i))).join(' ');
  await withPage(async (page) => {
    await page.fill('#source', facts.join(' '));
    await page.fill('#answer', answer);
    await page.waitForSelector('[data-claim-id="C20"]');
    // Tag the rows and the answer view's claims: a row drawn again loses its tag.
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('.claims-table tbody tr, .answer-view .claim')) el.dataset.tagged = el.dataset.claimId || el.dataset.claim;
    });
    // Split the ninth claim in two: every claim after it takes the next number.
    await page.click('#answer');
    const at = await page.evaluate(() => {
      const el = document.querySelector('#answer');
      const at = el.value.indexOf(' in 1998');
      el.setSelectionRange(at, at);
      return at;
    });
    assert.ok(at > 0);
    await page.keyboard.type('. It is long');
    await eventually(() => page.$$eval('[data-claim-id]', (rows) => rows.length), 21, 'one more claim');
    const rows = await page.$$eval('.claims-table tbody tr', (rows) => rows.map((r) => [r.dataset.claimId, r.dataset.tagged || null, r.querySelector('th').textContent]));
    const claims = await page.$$eval('.answer-view .claim', (cs) => cs.map((c) => [c.dataset.claim, c.dataset.tagged || null, c.querySelector('.cid').textContent]));
    for (const list of [rows, claims]) {
      assert.deepEqual(list.map(([id]) => id), Array.from({ length: 21 }, (_, i) => `C${i + 1}`));
      // Each shows its own id; those after the split are the rows drawn before, numbered one more.
      for (const [id, , shown] of list) assert.equal(shown, id);
      for (let i = 10; i < 21; i++) assert.equal(list[i][1], `C${i}`, `${list[i][0]} is the row that was C${i}`);
    }
    // Twenty-one values on the support strip: its legend names the six nearest the threshold.
    const legend = await page.textContent('.strip-legend');
    assert.match(legend, /the 6 nearest the threshold of 21 values/);
    assert.equal((legend.match(/C\d+ \d\.\d\d/g) || []).length, 6, legend);
  });
});
