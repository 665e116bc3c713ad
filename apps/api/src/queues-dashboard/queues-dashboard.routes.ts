import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES } from '@mandi/domain';
import { errorBody } from '../common/api-error.js';
import { QueuesDashboard } from './queues-dashboard.service.js';
import { QUEUES_DASHBOARD_PATH, QUEUES_SESSION_COOKIE, readCookie } from './queues-session.js';

/** 'Unauthorized Access: You are not allowed to access this page.' (docs/operations.md). */
const UNAUTHORIZED_TEXT = `${ADMIN_MESSAGES.unauthorized.title}: ${ADMIN_MESSAGES.unauthorized.text}`;

/** The page a browser gets without a valid session: the spec's text and the way back to the console. */
export const FORBIDDEN_PAGE = `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Unauthorized Access · Mandi queues</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #FAFAF5; color: #1C2421;
         font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif; }
  main { max-width: 420px; margin: 16px; padding: 32px; background: #fff; border-radius: 12px; border: 1px solid #E3E7DF;
         border-top: 6px solid #2E7D32; }
  h1 { margin: 0 0 12px; font-size: 22px; color: #1B5E20; }
  p { margin: 0 0 16px; line-height: 1.5; color: #5B6660; }
  a { display: inline-block; padding: 10px 20px; border-radius: 8px; background: #2E7D32; color: #fff; font-weight: 600;
      text-decoration: none; }
  a:focus-visible { outline: 3px solid #FF9933; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>${UNAUTHORIZED_TEXT}</h1>
  <p>The queue dashboard is for administrators. Open it with the <strong>Queues</strong> link of the admin console; the session it starts ends 8 hours after you signed in.</p>
  <a href="/adminpanel/">Go to the admin console</a>
</main>
</body>
</html>
`;

function forbidden(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  void reply.status(403).header('cache-control', 'no-store');
  const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
  if (wantsHtml) return reply.type('text/html; charset=utf-8').send(FORBIDDEN_PAGE);
  return reply.send(errorBody(403, UNAUTHORIZED_TEXT));
}

/**
 * Mounts bull-board at /adminpanel/queues on the API's Fastify instance, listing every queue of the worker, behind
 * the dashboard session: each request (pages, static files, bull-board's own API calls) needs a cookie that verifies
 * and names a user who is still an active admin; anything else gets 403. Paths below /adminpanel/queues that
 * bull-board does not serve answer 404 here, so the console's SPA fallback never answers for them.
 */
export async function serveQueuesDashboard(fastify: FastifyInstance, dashboard: QueuesDashboard): Promise<void> {
  const serverAdapter = new BullBoardFastifyAdapter();
  serverAdapter.setBasePath(QUEUES_DASHBOARD_PATH);
  createBullBoard({
    queues: dashboard.queues.map((queue) => new BullMQAdapter(queue)),
    // @bull-board/fastify 9.10.1 brings its own copy of @bull-board/api's types (9.10.1, ours is 9.10.2): the same
    // interface, declared twice, which TypeScript cannot match.
    serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    options: {
      uiConfig: {
        boardTitle: 'Mandi queues',
        miscLinks: [{ text: 'Admin console', url: '/adminpanel/' }],
        hideDocsLink: true,
        theme: { light: { primary: '#2E7D32', 'primary-foreground': '#ffffff', ring: '#FF9933' } },
      },
    },
  });

  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const uid = await dashboard.check(readCookie(request.headers.cookie, QUEUES_SESSION_COOKIE));
      if (!uid) return forbidden(request, reply);
      // Job data is business data: never kept by a shared cache. Hashed static files may be kept by the browser.
      if (!request.url.startsWith(`${QUEUES_DASHBOARD_PATH}/static/`)) void reply.header('cache-control', 'no-store');
      return undefined;
    });
    await scope.register(serverAdapter.registerPlugin() as unknown as FastifyPluginCallback, {
      prefix: QUEUES_DASHBOARD_PATH,
    });
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url: `${QUEUES_DASHBOARD_PATH}/*`,
      handler: (request, reply) =>
        reply.status(404).send(errorBody(404, `Cannot ${request.method} ${request.url.split('?')[0]}`)),
    });
  });
}
