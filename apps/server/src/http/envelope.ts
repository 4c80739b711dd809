import { type Code, CodeMessages, Codes, type Envelope, type FailureEnvelope } from '@agent-console/contract';

/** A success: code '0000' and its object. */
export const ok = <T>(object: T): Envelope<T> => ({
  responseCode: Codes.SUCCESS,
  responseMsg: CodeMessages[Codes.SUCCESS],
  object,
});

/** A page of a list: the items and the count of all matches. */
export const okPage = <T>(items: T[], totalCount: number): Envelope<T[]> => ({
  responseCode: Codes.SUCCESS,
  responseMsg: CodeMessages[Codes.SUCCESS],
  object: items,
  totalCount,
});

/** A failure: any code but success, its message (the catalogue's by default), no object. */
export const fail = (code: Code, message?: string, codeUrl?: string): FailureEnvelope => ({
  responseCode: code,
  responseMsg: message ?? CodeMessages[code],
  object: null,
  ...(codeUrl === undefined ? {} : { codeUrl }),
});

/** Code 3001: the console sends the browser to `codeUrl`. */
export const redirectTo = (codeUrl: string, message?: string): FailureEnvelope =>
  fail(Codes.REDIRECT, message, codeUrl);
