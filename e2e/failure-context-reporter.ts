import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the page as Playwright saw it when a test failed (its `error-context` attachment: the
 * accessibility snapshot with any toast or dialog on screen). CI keeps only the console output, so
 * without this a failure there says where the test stopped but not what the page showed.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context') continue;
      const text = attachment.body?.toString('utf8') ?? (attachment.path ? readText(attachment.path) : '');
      if (!text) continue;
      process.stdout.write(`\n--- page when "${test.title}" failed ---\n${text}\n--- end ---\n`);
    }
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
