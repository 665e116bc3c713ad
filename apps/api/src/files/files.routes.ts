import type { FastifyInstance } from 'fastify';
import type { FileStore } from '@mandi/storage';
import { errorBody } from '../common/api-error.js';

/** Every key has a random part and is never written twice, so a file under a URL never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The folders whose files are public: the pictures of listings and profiles. Everything else in the store (invoice and
 * credit-note PDFs under invoices/) is private and leaves only through its own checked route.
 */
const PUBLIC_FOLDERS = ['products/', 'profiles/'];

/** The answer for a key that is not (or no longer) in the store. */
export const FILE_NOT_FOUND = 'File not found.';

/**
 * Serves the local file store at /files/<key> (product and profile images), outside /api like the front ends. The
 * store refuses keys outside its folder ('..', absolute paths), which then answer 404 like any missing file. Only
 * the public folders are served: a private file answers 404 as if it did not exist.
 */
export function serveFiles(fastify: FastifyInstance, store: FileStore): void {
  fastify.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    handler: async (request, reply) => {
      const key = request.params['*'];
      const file = PUBLIC_FOLDERS.some((folder) => key.startsWith(folder)) ? await store.get(key) : null;
      if (!file) return reply.status(404).header('cache-control', 'no-store').send(errorBody(404, FILE_NOT_FOUND));
      return (
        reply
          .header('cache-control', IMMUTABLE)
          .header('content-type', file.contentType)
          // Uploads are checked to be images, but a file is never a page: no scripts, no framing.
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(file.bytes)
      );
    },
  });
}
