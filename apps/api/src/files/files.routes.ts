import type { FastifyInstance } from 'fastify';
import type { FileStore } from '@mandi/storage';
import { errorBody } from '../common/api-error.js';

/** Every key has a random part and is never written twice, so a file under a URL never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The answer for a key that is not (or no longer) in the store. */
export const FILE_NOT_FOUND = 'File not found.';

/**
 * Serves the local file store at /files/<key> (product and profile images), outside /api like the front ends. The
 * store refuses keys outside its folder ('..', absolute paths), which then answer 404 like any missing file. Files
 * are public by design: they are the pictures of public listings and profiles.
 */
export function serveFiles(fastify: FastifyInstance, store: FileStore): void {
  fastify.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    handler: async (request, reply) => {
      const file = await store.get(request.params['*']);
      if (!file) return reply.status(404).header('cache-control', 'no-store').send(errorBody(404, FILE_NOT_FOUND));
      return reply
        .header('cache-control', IMMUTABLE)
        .header('content-type', file.contentType)
        // Uploads are checked to be images, but a file is never a page: no scripts, no framing.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(file.bytes);
    },
  });
}
