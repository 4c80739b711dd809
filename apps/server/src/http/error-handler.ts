import { STATUS_CODES } from 'node:http';
import { Codes } from '@agent-console/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../shared/app-error';
import { loggableError } from '../shared/loggable-error';
import { fail } from './envelope';
import { isApiPath, routedPath } from './request-guards';

const isFastifyError = (err: unknown): err is FastifyError =>
  err instanceof Error && typeof (err as Partial<FastifyError>).code === 'string';

/**
 * The one error path: every failure leaves as the envelope. Business and validation failures
 * answer HTTP 200 (as the original platform does); refused media types 415; unknown errors 500
 * with a fixed message and nothing of the error itself.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply.code(200).send(fail(Codes.INVALID_PARAMS, first?.message));
    }
    if (err instanceof AppError)
      return reply.code(err.httpStatus).send(fail(err.code, err.message, err.codeUrl));

    if (isFastifyError(err)) {
      switch (err.code) {
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.code(415).send(fail(Codes.UNSUPPORTED_MEDIA_TYPE));
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.code(413).send(fail(Codes.INVALID_PARAMS, '请求内容过大'));
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply.code(200).send(fail(Codes.INVALID_PARAMS, '请求内容不能为空'));
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return reply.code(200).send(fail(Codes.INVALID_PARAMS, '请求内容不是有效的 JSON'));
      }
    }
    const status = (err as Partial<FastifyError>).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      // A file of the console refused by the static files' plugin (`//`, a path it will not
      // send): a page's status, not an API envelope; a forbidden path is not said to exist.
      if ((req.method === 'GET' || req.method === 'HEAD') && !isApiPath(routedPath(req))) {
        const code = status === 403 ? 404 : status;
        return reply
          .code(code)
          .type('text/plain; charset=utf-8')
          .send(STATUS_CODES[code] ?? 'Bad Request');
      }
      // The JSON parser's syntax errors and other malformed requests.
      return reply.code(200).send(fail(Codes.INVALID_PARAMS, '请求内容不是有效的 JSON'));
    }
    req.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.code(500).send(fail(Codes.INTERNAL_ERROR));
  });
}
