// One closing line for the whole run, summed over vitest and Playwright reports.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  console.info(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (existsSync('.tmp/e2e.json')) {
  const stats = JSON.parse(readFileSync('.tmp/e2e.json', 'utf8')).stats;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
  console.info(
    `playwright: ${stats.expected + stats.flaky} passed (${stats.flaky} flaky), ${stats.unexpected} failed`,
  );
}
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
