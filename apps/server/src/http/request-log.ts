/**
 * What the server logs about requests: one line per answered request (method, path, status, time), with
 * static files (SPA assets, translations, the API viewer's files) at debug so that a page load is one
 * line rather than thirty. Outside production the lines are pretty-printed by pino-pretty, a development
 * dependency: where it is not installed (npm ci --omit=dev) the logs stay JSON. No personal data: no
 * query strings, addresses, cookies, tokens or bodies (docs/architecture.md "A request").
 */
import { createRequire } from 'node:module';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Paths of files rather than API calls; logged at debug. */
export const STATIC_PREFIXES = [
  '/user/accounts/assets/',
  '/backoffice/assets/',
  '/common-static/',
  '/docs/static/',
] as const;

export function isStaticPath(path: string): boolean {
  return STATIC_PREFIXES.some((prefix) => path.startsWith(prefix)) || path === '/favicon.ico';
}

/** The path without its query string: queries may hold personal data (emails, tokens). */
export function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/** The request line: `GET /v2/private/user/profile 200 3.1 ms`. */
export function requestLine(method: string, url: string, status: number, ms: number): string {
  return `${method} ${pathOf(url)} ${status} ${ms.toFixed(1)} ms`;
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** pino options: no personal data in logs (no query strings, addresses, cookies or bodies). */
export function loggerOptions(
  config: Config,
  pretty = !config.production && prettyAvailable(),
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'req.headers["kyc-access-token"]',
        'req.headers["kyc-access-key"]',
        'req.headers["kyc-access-sign"]',
      ],
      remove: true,
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: pathOf(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              singleLine: true,
              translateTime: 'SYS:HH:MM:ss.l',
              ignore: 'pid,hostname,reqId,method,path,status,ms',
            },
          },
        }
      : {}),
  };
}

/**
 * Fastify's request log (`logController`): instead of "incoming request" and "request completed", one
 * line when the answer is sent; errors keep their level, static files go to debug.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const path = pathOf(request.url);
    const fields = {
      method: request.method,
      path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    const line = requestLine(request.method, path, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...fields, err: error }, line);
    else if (isStaticPath(path)) reply.log.debug(fields, line);
    else reply.log.info(fields, line);
  }
}
