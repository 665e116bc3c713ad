import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from '../common/api-error.js';

/** How long a refused connection may go on sending what it had started before it is cut off. */
const LINGER_MS = 2_000;

/** Node's parse errors that have their own status; any other is a malformed request (400). */
const STATUS_OF: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Exceeded maximum allowed HTTP header size' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Client Timeout' },
};

/**
 * The answer to a request Node cannot parse (a head over 16 kB, broken framing), given before any route runs.
 * Fastify's default writes the answer and destroys the socket at once: a client still sending a long head then has
 * its unread bytes met by a reset, and may lose the answer with it (its write fails before it reads). Here the answer
 * goes out with a half-close, the rest of the request is read and dropped, and the socket is closed once the client
 * has closed its side, or after LINGER_MS whatever it does (nginx's lingering close).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // Node calls this again for each further chunk of a request it has already refused: one answer is enough.
  if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const { status, message } = STATUS_OF[error.code ?? ''] ?? { status: 400, message: 'Client Error' };
  const body = JSON.stringify(errorBody(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
