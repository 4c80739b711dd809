import { type CaptchaImage, captchaImage } from '@agent-console/contract/auth';
import { call } from './api-client';

/** A fresh built-in image captcha (login, SMS sends): its key (sent back) and the SVG picture. */
export async function fetchCaptchaImage(): Promise<CaptchaImage> {
  return (await call(captchaImage, {})).object;
}

/** The SVG as an image source: shown through <img>, never injected as markup. */
export const svgDataUrl = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
