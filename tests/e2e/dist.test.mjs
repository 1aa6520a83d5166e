// Static checks on the release build in dist/ (no browser needed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DIST } from './harness.mjs';

const html = () => readFileSync(path.join(DIST, 'index.html'), 'utf8');

test('dist/ holds index.html, one wasm, its JS glue and the CSS', () => {
  assert.ok(existsSync(path.join(DIST, 'index.html')), `${DIST}/index.html exists`);
  const files = readdirSync(DIST);
  assert.equal(files.filter((f) => f.endsWith('_bg.wasm')).length, 1, files.join(', '));
  assert.ok(files.some((f) => /^lab-.*\.js$/.test(f)), files.join(', '));
  assert.ok(files.some((f) => f.endsWith('.css')), files.join(', '));
});

test('index.html uses only relative asset URLs', () => {
  const text = html();
  const urls = [
    // Quoted or not: the minifier drops quotes where HTML allows.
    ...[...text.matchAll(/\b(?:href|src)\s*=\s*(?:["']([^"']*)["']|([^\s"'>]+))/g)].map((m) => m[1] ?? m[2]),
    ...[...text.matchAll(/\bfrom\s+["']([^"']*)["']/g)].map((m) => m[1]),
    ...[...text.matchAll(/\bmodule_or_path\s*:\s*["']([^"']*)["']/g)].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*["']([^"']*)["']/g)].map((m) => m[1]),
  ];
  assert.ok(urls.length >= 4, `found asset URLs: ${urls.join(', ')}`);
  for (const url of urls) {
    assert.ok(!url.startsWith('/'), `absolute asset path in dist/index.html: ${url}`);
    assert.ok(!/^[a-z]+:\/\//i.test(url), `external asset URL in dist/index.html: ${url}`);
    const file = path.join(DIST, decodeURIComponent(url.replace(/^\.\//, '').split(/[?#]/)[0]));
    assert.ok(existsSync(file), `dist/index.html refers to ${url}, which is not in dist/`);
  }
});

test('the bundle (wasm + JS + CSS, gzipped) stays under 250 KB', async () => {
  // zlib at level 9 (what web servers use); GNU gzip -9 compresses the wasm ~2% smaller.
  const { gzipSync } = await import('node:zlib');
  const files = readdirSync(DIST).filter((f) => /\.(wasm|js|css)$/.test(f));
  const sizes = files.map((f) => [f, gzipSync(readFileSync(path.join(DIST, f)), { level: 9 }).length]);
  const total = sizes.reduce((sum, [, n]) => sum + n, 0);
  assert.ok(total < 250_000, `gzipped bundle is ${total} bytes: ${sizes.map(([f, n]) => `${f} ${n}`).join(', ')}`);
});
