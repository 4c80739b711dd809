import { runServer } from '../src/main';

/**
 * The server of the browser tests (e2e/playwright.config.ts): `src/server.ts` exactly, with one
 * dependency injected as the API tests inject it into `buildApp`: every image captcha shows
 * `E2E_CAPTCHA_TEXT`. The built-in captcha cannot be read off its SVG (that is its purpose), so
 * the specs type the text they set here. `npm start` never runs this file.
 */
const text = process.env.E2E_CAPTCHA_TEXT ?? '';
if (!/^[A-Z2-9]{4}$/.test(text)) throw new Error('E2E_CAPTCHA_TEXT must be 4 captcha characters');
await runServer({ captchaText: () => text });
