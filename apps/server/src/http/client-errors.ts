/**
 * Errors Node's HTTP parser raises before Fastify sees a request (issue 11): headers larger than
 * `maxHeaderSize` (431), a request that timed out while arriving (408), bytes that are not HTTP (400).
 * No route, hook or error handler runs for them, so without this they would answer in Fastify's own
 * JSON shape; here they answer in the envelope like every other failure (docs/api.md), with 10001.
 *
 * The answer is written to the raw socket (there is no reply object yet), then the connection closes,
 * as Node's own handler does: the parser state of that connection cannot be trusted any more.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { RET_CODES } from '@kyc/contracts';
import { errorEnvelope } from './envelope.ts';

interface ClientError extends Error {
  code?: string;
}

function classify(error: ClientError): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'request headers too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'request timed out' };
    default:
      return { status: 400, message: 'malformed HTTP request' };
  }
}

/** Fastify's `clientErrorHandler` option (called with the server as `this`; it needs nothing of it). */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = classify(error);
    const body = JSON.stringify(errorEnvelope(RET_CODES.PARAMS_ERROR.code, message));
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Client Error'}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}
