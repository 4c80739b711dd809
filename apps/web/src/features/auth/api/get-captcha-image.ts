import { captchaImage } from '@agent-console/contract';
import { call } from '../../../lib/api-client';

/** A fresh image captcha: the key to send back and the picture as an SVG document. */
export async function fetchCaptchaImage() {
  const { object } = await call(captchaImage, {});
  return object;
}

/** The SVG as an image source: shown through <img>, never injected as markup. */
export const svgDataUrl = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
