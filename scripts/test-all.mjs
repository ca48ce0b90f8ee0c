#!/usr/bin/env node
// `npm test`: every check and suite in order, then one closing line `N passed, N failed`
// (totals over all suites). Type checking, lint and the build count as one check each.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** The failed tests, named with their file and the first line of their error, repeated at the end. */
const failedTests = [];

// Terminal colours out: the error's text only.
// eslint-disable-next-line no-control-regex
const COLOURS = /\x1b\[[0-9;]*m/g;
const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOURS, '')
    .trim()
    .split('\n')[0];

/** Failed tests in a vitest (Jest-like) or a Playwright JSON report. */
function listFailed(report) {
  const found = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        found.push(
          `${path.relative(process.cwd(), file.name)} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`,
        );
    }
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        found.push(`${spec.file}:${spec.line} › ${spec.title} — ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A suite's counts come from its JSON report; no report means the suite itself failed. */
function suite(label, command, args, reportFile, count, env) {
  rmSync(reportFile, { force: true });
  const ok = run(label, command, args, env);
  const report = readJson(reportFile);
  if (!report) {
    results.failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const { passed, failed, skipped } = count(report);
  failedTests.push(...listFailed(report));
  results.passed += passed;
  results.failed += failed;
  results.skipped += skipped;
  if (failed > 0 || !ok) failures.push(label);
  // The runner failed outside any test (set-up, teardown, an unhandled error): count it.
  if (!ok && failed === 0) results.failed += 1;
}

mkdirSync('test-results', { recursive: true });

check('generated files are up to date', 'npm', ['run', '-s', 'gen', '--', '--check']);
check('typecheck', 'npm', ['run', '-s', 'typecheck']);
check('lint', 'npm', ['run', '-s', 'lint']);

// A throwaway PostgreSQL server for the tests that run on a real server (unless one is given).
const env = {};
if (!process.env.TEST_DATABASE_URL) {
  const pg = spawnSync('bash', ['scripts/test-postgres.sh'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = pg.stdout.trim().split('\n').pop();
  if (pg.status === 0 && url) env.TEST_DATABASE_URL = url;
  else
    console.error('⚠ Impossible de démarrer PostgreSQL pour les tests (scripts/test-postgres.sh).');
}

suite(
  'unit and integration (vitest)',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile=test-results/vitest.json',
  ],
  'test-results/vitest.json',
  (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }),
  env,
);

check('build', 'npm', ['run', '-s', 'build']);
if (existsSync('dist/index.html')) {
  suite(
    'browser (playwright, chromium)',
    'npx',
    ['playwright', 'test'],
    'test-results/playwright.json',
    (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
      skipped: r.stats.skipped,
    }),
  );
}

if (failedTests.length)
  console.log(`\nTests en échec :\n${failedTests.map((t) => `  ✗ ${t}`).join('\n')}`);
if (failures.length) console.log(`\nÉchecs : ${failures.join(', ')}`);
if (results.skipped) {
  console.log(`${results.skipped} test(s) ignoré(s) : un test ignoré sans raison est un échec.`);
}
console.log(`${results.passed} passed, ${results.failed + results.skipped} failed`);
process.exit(results.failed + results.skipped > 0 ? 1 : 0);
