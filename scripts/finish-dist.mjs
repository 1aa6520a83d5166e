#!/usr/bin/env node
// Trunk's post-build hook (Trunk.toml [[hooks]]): finishes the page Trunk
// wrote into its staging directory, before Trunk moves it to dist/.
//
// Every build:
//   - the inline start-up module Trunk writes into index.html moves to its
//     own file, start-<hash>.js, so the page runs no inline script.
// Release builds (TRUNK_PROFILE=release) also:
//   - minify wasm-bindgen's JS glue with esbuild (Trunk's own minifier cannot
//     read it) and update its Subresource Integrity hash in index.html;
//   - put a strict Content-Security-Policy in index.html (see CSP below).
//
// Run by hand on an existing build: TRUNK_STAGING_DIR=dist TRUNK_PROFILE=release
// node scripts/finish-dist.mjs (it leaves an already finished page as it is).

import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';

// No inline script or style, no eval; wasm compiles ('wasm-unsafe-eval').
// Same-origin fetches only (the calibration samples); frames of the lab
// itself (the embed example). frame-ancestors cannot be set from a <meta>:
// a host that wants to forbid framing sends it as a header.
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const fail = (message) => {
  console.error(`finish-dist: ${message}`);
  process.exit(1);
};

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) fail('TRUNK_STAGING_DIR is not set (this runs as a Trunk post_build hook)');
const release = process.env.TRUNK_PROFILE === 'release';
const htmlPath = path.join(dir, 'index.html');
let html = readFileSync(htmlPath, 'utf8');

const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const shortHash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

const glueName = html.match(/from\s+'\.\/(lab-[\w-]+\.js)'/)?.[1] ?? html.match(/\b(lab-[\w-]+\.js)\b/)?.[1];
if (!glueName) fail('index.html names no lab-*.js glue');

if (release) {
  const { transformSync } = await import('esbuild');
  const gluePath = path.join(dir, glueName);
  const glue = readFileSync(gluePath, 'utf8');
  const { code } = transformSync(glue, { minify: true, format: 'esm', target: 'es2020', legalComments: 'none' });
  writeFileSync(gluePath, code);
  // Trunk hashed the unminified file: replace that integrity value.
  const linkToGlue = new RegExp(`(href=["']?\\./${glueName.replace(/[.]/g, '\\.')}["']?[^>]*?integrity=["']?)sha384-[A-Za-z0-9+/=]+`);
  if (!linkToGlue.test(html)) fail(`index.html has no integrity value for ${glueName}`);
  html = html.replace(linkToGlue, `$1${sri(code)}`);
}

const inline = html.match(/<script type=["']?module["']?>([\s\S]*?)<\/script>/);
if (inline) {
  const body = inline[1].trim() + '\n';
  const name = `start-${shortHash(body)}.js`;
  writeFileSync(path.join(dir, name), body);
  html = html.replace(inline[0], `<script type=module src=./${name} integrity=${sri(body)}></script>`);
} else if (!/<script type=module src=\.\/start-/.test(html)) {
  fail('index.html has no inline start-up module to move out');
}

if (release && !html.includes('Content-Security-Policy')) {
  const charset = html.match(/<meta charset=["']?utf-8["']?>/i);
  if (!charset) fail('index.html has no <meta charset> to put the policy after');
  html = html.replace(charset[0], `${charset[0]}<meta http-equiv=Content-Security-Policy content="${CSP}">`);
}

writeFileSync(htmlPath, html);
