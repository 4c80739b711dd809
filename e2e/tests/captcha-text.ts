/**
 * What every image captcha of the browser tests' server shows (apps/server/test/e2e-server.ts):
 * the built-in captcha cannot be read off its SVG, so the specs type this.
 */
export const E2E_CAPTCHA_TEXT = 'K7PX';
