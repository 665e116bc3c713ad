import type { FastifyReply, FastifyRequest } from 'fastify';
import { MEGABYTE, PRODUCT_LIMITS, WRITE_LIMIT_MESSAGES } from '@mandi/domain';
import { errorBody } from '../common/api-error.js';

/**
 * The largest multipart body we read, all parts together: the biggest form (a product's 4 images of 5 MB) plus 1 MB for
 * its text fields and the parts' headers. One cap for every form, so a single oversized picture still gets the spec's
 * '<file> must be under 5MB' from the route (profiles and products alike).
 */
export const MULTIPART_BODY_MAX = PRODUCT_LIMITS.imagesMax * PRODUCT_LIMITS.imageMaxBytes + MEGABYTE;

/**
 * An onRequest hook: a multipart body is refused before a byte of it is read when its Content-Length passes
 * MULTIPART_BODY_MAX (413), or when it has none (411: a chunked body's size is known only once it has been read, and
 * browsers always send the length of a form). The connection is closed after the answer, so the refused body is not
 * read either. The HTTP parser stops a body at its Content-Length, so the declared length bounds what is read.
 */
export async function refuseOversizedMultipart(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !type.toLowerCase().startsWith('multipart/')) return;
  const length = request.headers['content-length'];
  if (length === undefined) {
    await reply.code(411).header('connection', 'close').send(errorBody(411, WRITE_LIMIT_MESSAGES.formLengthRequired));
    return;
  }
  if (Number(length) > MULTIPART_BODY_MAX) {
    await reply
      .code(413)
      .header('connection', 'close')
      .send(errorBody(413, WRITE_LIMIT_MESSAGES.formTooLarge(MULTIPART_BODY_MAX / MEGABYTE)));
  }
}
