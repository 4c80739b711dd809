import { BOOT_ELEMENT_ID } from '@agent-console/contract/boot';

/**
 * The page's boot answers as the server writes them (apps/server/src/http/web.ts `sendPage`): a
 * JSON data block in the document; `raw` writes the block's text as it is (not JSON).
 */
export function writeBootAnswers(answers: unknown, raw?: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_ELEMENT_ID;
  element.textContent = raw ?? JSON.stringify(answers);
  document.body.append(element);
}
