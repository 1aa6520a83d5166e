// scripts/serve refuses what it cannot serve before it sets up or builds
// anything: a PORT that is not a number, and a port something already listens
// on (Trunk itself would find that out only after the whole build, and say so
// with a stack trace). Each refusal is one clear line and exit status 2.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './harness.mjs';

const SERVE = path.join(REPO_ROOT, 'scripts', 'serve');

function serveWith(port) {
  return spawnSync('bash', [SERVE], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: port },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test('a PORT that is not a number is refused by name', () => {
  const run = serveWith('80 80');
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /PORT must be a number, got '80 80'/);
  assert.doesNotMatch(run.stdout, /\[setup\]/, 'refused before set-up');
});

test('a port already in use is refused before building, with a free one to try', async () => {
  const busy = createServer();
  await new Promise((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const { port } = busy.address();
  try {
    const run = serveWith(String(port));
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, new RegExp(`already listens on 127\\.0\\.0\\.1:${port}`));
    assert.match(run.stderr, new RegExp(`PORT=${port + 1} scripts/serve`));
    assert.doesNotMatch(run.stdout + run.stderr, /\[setup\]|Compiling|trunk/i);
  } finally {
    await new Promise((resolve) => busy.close(resolve));
  }
});
