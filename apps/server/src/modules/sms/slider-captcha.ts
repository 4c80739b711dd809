/** Captcha channel 1: a third-party slider whose ticket the server checks with the provider. */
export interface SliderCaptchaVerifier {
  readonly appId: string;
  verify(input: { ticket: string; randStr: string; ip: string }): Promise<boolean>;
}

/**
 * Posts `{appId, ticket, randStr, userIp}` as JSON to the provider's verify URL; passes when the
 * answer is `{"success": true}` (or the common `{"response": "1"}`). Errors and timeouts fail.
 */
export class HttpSliderCaptchaVerifier implements SliderCaptchaVerifier {
  constructor(
    readonly appId: string,
    private readonly verifyUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  async verify(input: { ticket: string; randStr: string; ip: string }): Promise<boolean> {
    try {
      const res = await fetch(this.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          appId: this.appId,
          ticket: input.ticket,
          randStr: input.randStr,
          userIp: input.ip,
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) {
        await res.body?.cancel();
        return false;
      }
      const body = (await res.json()) as { success?: unknown; response?: unknown };
      return body.success === true || body.response === '1' || body.response === 1;
    } catch {
      return false;
    }
  }
}
