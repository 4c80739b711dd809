import { captchaChannel } from '@agent-console/contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Which captcha guards the SMS send of a scenario: 1 a third-party slider, 2 the built-in image. */
export const captchaChannelQuery = (scenario: string) =>
  queryOptions({
    queryKey: [captchaChannel.path, scenario],
    queryFn: async ({ signal }) => (await call(captchaChannel, { scenario }, { signal })).object,
    staleTime: 60_000,
  });
