// Permalinks (the address bar is always a working link), broken links,
// hidden panels, embed mode and the documentation page with two embedded labs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openLab, serveAndLaunch } from './harness.mjs';

const shared = serveAndLaunch();

/** Every claim's id, verdict and support, as the claims table shows them. */
const verdicts = (page) =>
  page.locator('[data-claim-id]').evaluateAll((rows) =>
    rows.map((r) => [r.getAttribute('data-claim-id'), r.getAttribute('data-verdict'), r.getAttribute('data-support')]));

async function waitForLink(page, previous = '') {
  await page.waitForFunction((old) => location.hash.startsWith('#s=1.') && location.hash !== old, previous);
  return page.url();
}

test('the address bar is a working permalink: same texts, settings and verdicts', async () => {
  const first = await openLab(shared.browser, shared.server.url);
  let link;
  let expected;
  try {
    const { page } = first;
    await page.fill('#question', 'How long is the main span?');
    await page.fill('#answer', 'The main span is 410 metres long [S3]. The bridge opened in 1999 [S1]. It has a tram line.');
    await page.locator('#support-threshold').fill('0.65');
    await page.selectOption('#policy', 'flag');
    await page.click('#add-sample');
    await page.locator('.sample-list textarea').first().fill('The main span is 410 metres long.');
    await page.waitForSelector('#decision[data-decision="deliver_with_flags"]');
    await waitForLink(page);
    // Let the last debounced update land.
    await page.waitForTimeout(600);
    link = page.url();
    expected = await verdicts(page);
    assert.equal(expected.length, 3);
  } finally {
    await first.close();
  }

  const second = await openLab(shared.browser, link);
  try {
    const { page } = second;
    assert.deepEqual(await verdicts(page), expected);
    assert.equal(await page.inputValue('#question'), 'How long is the main span?');
    assert.match(await page.inputValue('#answer'), /It has a tram line\.$/);
    assert.equal(await page.inputValue('#support-threshold'), '0.65');
    assert.equal(await page.inputValue('#policy'), 'flag');
    assert.equal(await page.locator('.sample-list textarea').count(), 1);
    assert.equal(await page.locator('#decision').getAttribute('data-decision'), 'deliver_with_flags');
    assert.equal(await page.locator('#link-error').count(), 0);
    assert.deepEqual(second.problems(), []);
  } finally {
    await second.close();
  }
});

test("a source pasted over all of the example's lets the example go: its question is cleared and the link carries neither; a paste into part of it keeps both", async () => {
  const lab = await openLab(shared.browser, shared.server.url, { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } });
  let link;
  const source = '[1] The Kestrel ferry sails twice a day. [2] Its crossing takes 40 minutes.';
  const answer = 'The Kestrel ferry sails twice a day [1]. The crossing takes 45 minutes [2].';
  try {
    const { page } = lab;
    const asked = await page.inputValue('#question');
    assert.ok(asked.length > 0, 'the example opens with its question');
    // A paste into part of the source is an edit of the example's text.
    await page.evaluate(() => { const el = document.querySelector('#source'); el.focus(); el.setSelectionRange(0, 0); });
    await page.evaluate(() => navigator.clipboard.writeText('Note. '));
    await page.keyboard.press('Control+V');
    await page.waitForFunction(() => document.querySelector('#source').value.startsWith('Note. '));
    assert.equal(await page.inputValue('#question'), asked, 'a paste into part of the source keeps the question');
    // Select all, paste the user's own source: the question was the example's.
    await page.focus('#source');
    await page.keyboard.press('Control+A');
    await page.evaluate((t) => navigator.clipboard.writeText(t), source);
    await page.keyboard.press('Control+V');
    await page.waitForFunction((t) => document.querySelector('#source').value === t, source);
    assert.equal(await page.inputValue('#question'), '', "the example's question is not the pasted source's");
    assert.equal(await page.inputValue('#examples'), '', 'the picker reads "Your own text"');
    assert.equal((await page.textContent('#lesson')).trim(), '', 'no example is said to be edited');
    await page.fill('#answer', answer);
    await page.waitForFunction(() => document.querySelector('tr[data-claim-id="C2"]')?.dataset.verdict === 'contradicted');
    await page.waitForTimeout(600); // the last debounced link update
    link = page.url();
  } finally {
    await lab.close();
  }
  const again = await openLab(shared.browser, link);
  try {
    assert.equal(await again.page.inputValue('#source'), source);
    assert.equal(await again.page.inputValue('#answer'), answer);
    assert.equal(await again.page.inputValue('#question'), '', 'the link carries no question');
    assert.equal((await again.page.textContent('#lesson')).trim(), '', "the link carries no example: Reset would load one the recipient never saw");
  } finally {
    await again.close();
  }
});

test('a 20 KB source makes a working link, and Copy link gives the same state', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    const source = Array.from({ length: 400 }, (_, i) => `Sentence ${i} says the value is ${i * 7} units in region ${i % 13}.`).join(' ');
    assert.ok(source.length > 20_000);
    await page.fill('#source', source);
    await page.fill('#answer', 'Sentence 12 says the value is 84 units in region 12. Sentence 13 says the value is 90 units.');
    await page.click('#copy-link');
    await page.waitForSelector('#share-text[data-kind="link"]');
    const link = await page.inputValue('#share-text');
    assert.ok(link.startsWith(shared.server.url + '#s=1.'), link.slice(0, 80));
    // Compressed: a few KB for 20 KB of text, far under browsers' URL limits.
    assert.ok(link.length < 12_000, `link length ${link.length}`);
    const expected = await verdicts(page);
    assert.deepEqual(expected.map((v) => v[1]), ['supported', 'contradicted']);
    const again = await openLab(shared.browser, link);
    try {
      assert.equal(await again.page.inputValue('#source'), source);
      assert.deepEqual(await verdicts(again.page), expected);
    } finally {
      await again.close();
    }
  } finally {
    await lab.close();
  }
});

test('a link of a source longer than one compression slice reopens the same check', async () => {
  // The link is deflated and inflated 64 KB a task: a 200 KB source is
  // four slices each way.
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    const source = Array.from({ length: 3500 }, (_, i) => `Report ${i} found that site ${i % 97} measured ${i * 3} units in week ${i % 52}.`).join(' ');
    assert.ok(source.length > 200_000);
    await page.evaluate((text) => {
      const el = document.querySelector('#source');
      el.value = text;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, source);
    await page.fill('#answer', 'Report 12 found that site 12 measured 36 units in week 12. Report 13 found that site 13 measured 40 units.');
    await page.waitForFunction(() => !document.querySelector('#source-status'), null, { timeout: 60_000 });
    await page.click('#copy-link');
    await page.waitForSelector('#share-text[data-kind="link"]');
    const link = await page.inputValue('#share-text');
    const bytes = () => document.querySelector('ol.sentences').dataset.analysedBytes;
    const expected = [await verdicts(page), await page.evaluate(bytes)];
    assert.equal(expected[0].length, 2);
    assert.ok(Number(expected[1]) > 200_000, `analysed ${expected[1]} bytes`);
    const again = await openLab(shared.browser, link);
    try {
      await again.page.waitForFunction(() => !document.querySelector('#source-status'), null, { timeout: 60_000 });
      assert.deepEqual([await verdicts(again.page), await again.page.evaluate(bytes)], expected);
    } finally {
      await again.close();
    }
  } finally {
    await lab.close();
  }
});

test('a broken or truncated link opens the default example with a plain message', async () => {
  const good = await openLab(shared.browser, `${shared.server.url}#example=tagore`);
  let link;
  try {
    await good.page.fill('#answer', 'Tagore won the Nobel Prize in 1913.');
    link = await waitForLink(good.page);
  } finally {
    await good.close();
  }
  const broken = [
    link.slice(0, link.length - 25),
    `${shared.server.url}#s=1.AAAA`,
    `${shared.server.url}#s=1.not*base64`,
    `${shared.server.url}#s=7.abc`,
    `${shared.server.url}#s=`,
  ];
  for (const url of broken) {
    const lab = await openLab(shared.browser, url);
    try {
      const { page } = lab;
      await page.waitForSelector('#link-error');
      const message = await page.locator('#link-error').textContent();
      assert.match(message, /This link could not be opened .*the default example is shown instead\./, url);
      assert.equal(await page.locator('#decision').getAttribute('data-decision'), 'block', 'the default example is checked');
      assert.deepEqual(lab.problems(), []);
    } finally {
      await lab.close();
    }
  }
});

test('link text is never rendered as HTML', async () => {
  const payloads = [
    '#example=<img src=x onerror="window.__pwned=1">',
    '#example=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E',
    '#support_threshold=<svg onload=window.__pwned=1>',
    '#s=1.<script>window.__pwned=1</script>',
  ];
  for (const fragment of payloads) {
    const lab = await openLab(shared.browser, shared.server.url + fragment);
    try {
      const { page } = lab;
      await page.waitForSelector('#link-error, #link-notice');
      await page.waitForTimeout(200);
      assert.equal(await page.evaluate(() => window.__pwned), undefined, fragment);
      assert.equal(await page.locator('.link-message img, .link-message svg, .link-message script').count(), 0);
    } finally {
      await lab.close();
    }
  }
});

test('a hand-written link: an example, a setting, hidden panels; bad parts are named', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=correct-paraphrase&support_threshold=0.65&hide=trace,calibration,nonsense`);
  try {
    const { page } = lab;
    assert.deepEqual((await verdicts(page)).map((v) => v[1]), ['supported', 'unsupported']);
    assert.equal(await page.inputValue('#support-threshold'), '0.65');
    assert.equal(await page.locator('.panel.trace').isVisible(), false);
    assert.equal(await page.locator('.panel.calibration').isVisible(), false);
    assert.equal(await page.locator('.panel.claims').isVisible(), true);
    assert.equal(await page.locator('#link-notice').count(), 0);
  } finally {
    await lab.close();
  }
  const partial = await openLab(shared.browser, `${shared.server.url}#example=correct-paraphrase&support_threshold=lots`);
  try {
    await partial.page.waitForSelector('#link-notice');
    assert.match(await partial.page.locator('#link-notice').textContent(), /support_threshold cannot be "lots"/);
    assert.equal(await partial.page.inputValue('#support-threshold'), '0.5');
    assert.equal(await partial.page.locator('#link-error').count(), 0);
  } finally {
    await partial.close();
  }
});

test('embed mode: no site chrome, and Copy embed code reproduces the state', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=invented-fact`);
  let snippet;
  try {
    await lab.page.click('#copy-embed');
    await lab.page.waitForSelector('#share-text[data-kind="embed"]');
    snippet = await lab.page.inputValue('#share-text');
  } finally {
    await lab.close();
  }
  const src = snippet.match(/^<iframe class="claimlab" src="([^"]+)" title="ClaimLab"/)[1].replaceAll('&amp;', '&');
  // An example's own texts make a short readable link.
  assert.equal(src, `${shared.server.url}?embed#example=invented-fact`);
  const embedded = await openLab(shared.browser, src);
  try {
    const { page } = embedded;
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('embed')), true);
    assert.equal(await page.locator('.site-head').isVisible(), false);
    assert.equal(await page.locator('.site-foot').isVisible(), false);
    assert.deepEqual((await verdicts(page)).map((v) => v[1]), ['supported', 'unsupported']);
  } finally {
    await embedded.close();
  }
});

test('a read-only link shows its texts and takes no others: the boxes are read-only and no file opens into the source', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}#example=confident-lie&readonly`);
  try {
    const { page } = lab;
    const source = await page.inputValue('#source');
    assert.equal(await page.evaluate(() => document.querySelector('#source').readOnly), true);
    assert.equal(await page.evaluate(() => document.querySelector('#answer').readOnly), true);
    assert.equal(await page.isDisabled('#open-source'), true, 'no file can be chosen');
    // A file handed to the input anyway (a script, an old browser) is refused in silence.
    await page.evaluate(() => {
      const input = document.querySelector('#open-source');
      const files = new DataTransfer();
      files.items.add(new File(['Alpha file one. It has two sentences.'], 'a.txt', { type: 'text/plain' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForTimeout(300);
    assert.equal(await page.inputValue('#source'), source);
    assert.equal(await page.locator('#file-message').count(), 0, 'no message promising an undo');
    assert.deepEqual(lab.problems(), []);
  } finally {
    await lab.close();
  }
});

test('the embed example page: two labs, each fitted to its height, each working', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}embed-example.html`, { waitFor: 'iframe.claimlab' });
  try {
    const { page } = lab;
    await page.waitForFunction(() => [...document.querySelectorAll('iframe.claimlab')].every((f) => f.dataset.fitted === 'true'));
    const frames = ['#lab-numbers', '#lab-threshold'].map((id) => page.frameLocator(id));
    await frames[0].locator('[data-claim-id="C2"]').waitFor();
    assert.equal(await frames[0].locator('[data-claim-id="C2"]').getAttribute('data-verdict'), 'contradicted');
    assert.equal(await frames[1].locator('[data-claim-id="C2"]').getAttribute('data-verdict'), 'unsupported');
    // Each lab is live: moving the second one's slider to 0.5 supports the paraphrase.
    await frames[1].locator('#support-threshold').fill('0.5');
    await page.waitForFunction(() => {
      const doc = document.querySelector('#lab-threshold').contentDocument;
      return doc.querySelector('[data-claim-id="C2"]')?.getAttribute('data-verdict') === 'supported';
    });
    // The frames were sized from the labs' messages, not left at the CSS default.
    const heights = await page.locator('iframe.claimlab').evaluateAll((fs) => fs.map((f) => f.getBoundingClientRect().height));
    assert.ok(heights.every((h) => h !== 640 && h > 300), `heights ${heights}`);
    assert.deepEqual(lab.problems(), []);
  } finally {
    await lab.close();
  }
});

test('the embed example ignores height messages of another origin, source or shape', async () => {
  const lab = await openLab(shared.browser, `${shared.server.url}embed-example.html`, { waitFor: 'iframe.claimlab' });
  try {
    const { page } = lab;
    await page.waitForFunction(() => [...document.querySelectorAll('iframe.claimlab')].every((f) => f.dataset.fitted === 'true'));
    const height = () => page.locator('#lab-numbers').evaluate((f) => f.style.height);
    const before = await height();
    // From the page itself (not one of its labs).
    await page.evaluate(() => window.postMessage({ type: 'claimlab:height', height: 7 }, '*'));
    // From a lab, in the wrong shape.
    const frame = page.frame({ url: /example=opening-answer/ }) ?? page.frames()[1];
    for (const data of [{ type: 'claimlab:height', height: '7' }, { type: 'other', height: 7 }, { type: 'claimlab:height', height: 7, extra: 1 }, 'claimlab:height', { type: 'claimlab:height', height: 1e9 }]) {
      await frame.evaluate((d) => parent.postMessage(d, '*'), data);
    }
    // From a frame of another origin (a sandboxed iframe has an opaque origin), even one with the lab's class.
    await page.evaluate(() => {
      const f = document.createElement('iframe');
      f.className = 'claimlab';
      f.id = 'intruder';
      f.setAttribute('sandbox', 'allow-scripts');
      f.srcdoc = '<script>parent.postMessage({type: "claimlab:height", height: 7}, "*")<\/script>';
      document.body.appendChild(f);
    });
    await page.waitForTimeout(500);
    assert.equal(await height(), before);
    assert.equal(await page.locator('#intruder').evaluate((f) => f.style.height), '');
  } finally {
    await lab.close();
  }
});

test('a reload straight after typing in a long source, before its link is written, keeps what was typed', async () => {
  // A long source's link is written only once typing rests 1.5 s (and
  // compressing it is asynchronous): a reload before then would otherwise
  // open the link written before the typing.
  const para = (i) => `Paragraph ${i} tells of the harbour. Its ferries ran ${i % 7} times a day.`;
  const parts = [];
  for (let i = 0; parts.join('\n\n').length < 100_000; i++) parts.push(para(i));
  const text = parts.join('\n\n');
  const typed = ' The quay was rebuilt in 1911.';
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    // The answer's one claim is supported only by the sentence typed below.
    await page.fill('#answer', 'The quay was rebuilt in 1911.');
    await page.evaluate((t) => {
      const el = document.querySelector('#source');
      el.value = t;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
    const pasted = await waitForLink(page);
    const verdict = () => page.evaluate(() => document.querySelector('[data-claim-id="C1"]')?.dataset.verdict);
    assert.notEqual(await verdict(), 'supported');
    // The caret at the end of the source, where the box's window is.
    await page.evaluate(() => {
      const el = document.querySelector('#source');
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    });
    await page.keyboard.type(typed, { delay: 5 });
    const bytes = String(Buffer.byteLength(text + typed));
    await page.waitForFunction((b) => document.querySelector('ol.sentences')?.dataset.analysedBytes === b, bytes);
    assert.equal(await verdict(), 'supported');
    assert.equal(page.url(), pasted, 'the link still holds the source as pasted');
    await page.reload();
    await page.waitForSelector('#decision');
    await page.waitForFunction((b) => document.querySelector('ol.sentences')?.dataset.analysedBytes === b, bytes, { timeout: 30_000 });
    assert.equal(await verdict(), 'supported', 'the typed sentence supports the claim again');
    assert.equal(await page.inputValue('#answer'), 'The quay was rebuilt in 1911.');
    assert.equal(await page.evaluate(() => sessionStorage.length), 0, 'what was kept for the reload is kept for it only');
    // The link catches up; a reload then opens the link itself.
    await waitForLink(page, pasted);
    await page.reload();
    await page.waitForSelector('#decision');
    await page.waitForFunction((b) => document.querySelector('ol.sentences')?.dataset.analysedBytes === b, bytes, { timeout: 30_000 });
    assert.deepEqual(lab.problems(), []);
  } finally {
    await lab.close();
  }
});

test('a page reloaded with its link written opens the link, not a state kept for an earlier reload', async () => {
  const lab = await openLab(shared.browser, shared.server.url);
  try {
    const { page } = lab;
    await page.fill('#answer', 'The main span is 410 metres long.');
    const link = await waitForLink(page);
    await page.waitForTimeout(600);
    // A state kept by some earlier page at another address is not this one's.
    await page.evaluate(() => {
      sessionStorage.setItem('claimlab-unsaved', 'claimlab-state\t1\nanswer\tFrom elsewhere.');
      sessionStorage.setItem('claimlab-unsaved-at', '#example=clean-answer');
    });
    await page.reload();
    await page.waitForSelector('#decision');
    assert.equal(page.url(), link);
    assert.equal(await page.inputValue('#answer'), 'The main span is 410 metres long.');
    assert.equal(await page.evaluate(() => sessionStorage.length), 0);
    assert.deepEqual(lab.problems(), []);
  } finally {
    await lab.close();
  }
});
