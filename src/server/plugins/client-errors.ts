import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers to requests that never reach a route, in the API's `{ message }` shape and in Spanish like
 * every other error: Fastify's router refusals (frameworkErrors) and what Node's HTTP parser refuses
 * before Fastify sees a request at all (clientErrorHandler), such as a URL longer than the header limit.
 */
const ROUTER_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'La dirección de la solicitud no es válida',
  FST_ERR_MAX_PARAM_LENGTH: 'La dirección de la solicitud es demasiado larga',
};

export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ message: ROUTER_MESSAGES[error.code] ?? 'Solicitud inválida' });
}

/** Node's parser errors that have their own status; any other is a plain 400. */
const PARSER_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: 'La dirección o los encabezados de la solicitud son demasiado largos',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'La solicitud tardó demasiado en llegar' },
};

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = PARSER_ERRORS[error.code ?? ''] ?? {
    status: 400,
    message: 'Solicitud HTTP mal formada',
  };
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
