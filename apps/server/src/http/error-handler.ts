import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RET_CODES } from '@kyc/contracts';
import { databaseUnavailable } from '../data/db-errors.ts';
import { AppError } from '../lib/app-error.ts';
import { errorEnvelope } from './envelope.ts';

/**
 * One error handler: every failure answers in the envelope. Business errors (AppError, status 200)
 * keep their code; transport errors keep their HTTP status; the database being unreachable or too slow
 * (data/db-errors.ts, issue 14) becomes 503 / 10018, logged once at warn with its reason and no stack;
 * anything unknown becomes 500 / 10016, logged once with the request id, never showing a stack or SQL
 * to the caller.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const unavailable = error instanceof AppError ? undefined : databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ event: 'database.unavailable', reason: unavailable }, 'database unavailable');
      void reply
        .code(503)
        .send(errorEnvelope(RET_CODES.SERVICE_UNAVAILABLE.code, 'database unavailable, try again shortly'));
      return;
    }
    const { status, retCode, message, headers } = classify(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (status !== 200) request.log.info({ code: retCode, status }, 'request refused');
    void reply.code(status).headers(headers).send(errorEnvelope(retCode, message));
  });

  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .send(
        errorEnvelope(
          RET_CODES.ROUTE_NOT_FOUND.code,
          `no endpoint ${request.method} ${request.url.split('?')[0]}`,
        ),
      );
  });
}

interface Classified {
  status: number;
  retCode: number;
  message: string;
  headers: Record<string, string>;
}

function classify(error: FastifyError): Classified {
  if (error instanceof AppError) {
    return { status: error.status, retCode: error.retCode, message: error.message, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const detail = first?.message ?? 'invalid value';
    return {
      status: 400,
      retCode: RET_CODES.PARAMS_ERROR.code,
      message: field ? `${error.validationContext ?? 'request'}.${field}: ${detail}` : detail,
      headers: {},
    };
  }
  if (error.validation) {
    return { status: 400, retCode: RET_CODES.PARAMS_ERROR.code, message: error.message, headers: {} };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        retCode: RET_CODES.UNSUPPORTED_MEDIA_TYPE.code,
        message: 'unsupported content type',
        headers: {},
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        retCode: RET_CODES.PAYLOAD_TOO_LARGE.code,
        message: 'request body too large',
        headers: {},
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        retCode: RET_CODES.MALFORMED_BODY.code,
        message: 'malformed request body',
        headers: {},
      };
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return {
      status: 400,
      retCode: RET_CODES.MALFORMED_BODY.code,
      message: 'malformed request body',
      headers: {},
    };
  }
  if (error.statusCode === 429) {
    return {
      status: 429,
      retCode: RET_CODES.TOO_MANY_REQUESTS.code,
      message: 'too many requests',
      headers: {},
    };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      retCode: RET_CODES.PARAMS_ERROR.code,
      message: 'bad request',
      headers: {},
    };
  }
  return { status: 500, retCode: RET_CODES.INTERNAL_ERROR.code, message: 'internal error', headers: {} };
}
