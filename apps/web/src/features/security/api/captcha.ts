import { type CaptchaImage, captchaChannel, captchaImage } from '@agent-console/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Which captcha guards the SMS send of a scenario: 1 a third-party slider, 2 the built-in image. */
export const captchaChannelQuery = (scenario: string) =>
  queryOptions({
    queryKey: [captchaChannel.path, scenario],
    queryFn: async ({ signal }) => (await call(captchaChannel, { scenario }, { signal })).object,
    staleTime: 60_000,
  });

/** A fresh built-in image captcha: its key (sent as the ticket) and the SVG picture. */
export async function fetchCaptchaImage(): Promise<CaptchaImage> {
  return (await call(captchaImage, {})).object;
}

/** The SVG as an image source: shown through <img>, never injected as markup. */
export const svgDataUrl = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
