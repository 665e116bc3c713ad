import { createServer, request as httpRequest } from 'node:http';
import { freePort } from '../../apps/api/test/harness.js';

/**
 * Mandi's PUBLIC_URL in front of a test's API, as the deployment's proxy is: Mandi names PUBLIC_URL/ondc as its
 * subscriber URL (bpp_uri, the registry's record, the site the registry verifies), and a test's API listens on a port
 * of its own. `reserve()` picks the address before the API starts (its settings name it); `forward(to)` then passes
 * every request on to the API as it came, its bytes and headers untouched.
 */
export class PublicUrl {
  private server: ReturnType<typeof createServer> | null = null;

  private constructor(readonly url: string) {}

  static async reserve(): Promise<PublicUrl> {
    return new PublicUrl(`http://127.0.0.1:${await freePort()}`);
  }

  async forward(to: string): Promise<void> {
    const server = createServer((request, response) => {
      const upstream = httpRequest(
        new URL(request.url ?? '/', to),
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(Number(new URL(this.url).port), '127.0.0.1', resolve));
    this.server = server;
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    return new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
