import { type Code, CodeMessages } from '@agent-console/contract';

/**
 * A failure the client is told about: a code of the contract's catalogue, its Chinese message,
 * and the HTTP status (200 for business errors, as the original platform answers).
 */
export class AppError extends Error {
  readonly code: Code;
  readonly httpStatus: number;
  readonly codeUrl: string | undefined;

  constructor(code: Code, message?: string, options: { httpStatus?: number; codeUrl?: string } = {}) {
    super(message ?? CodeMessages[code]);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = options.httpStatus ?? 200;
    this.codeUrl = options.codeUrl;
  }
}
