import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { API_DOCS_ASSETS } from '@mandi/contracts';

/** A file of the reference page, ready to send. */
export interface ReferenceAsset {
  contentType: string;
  bytes: Buffer;
}

/**
 * The reference page's start script: it lives in a file of our own (not inline), so the page runs under the API's
 * content security policy ('self' scripts only) unchanged. No validator badge: that would call a third-party site.
 */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });
});
`;

/** The page: swagger-ui-dist's renderer served from our own origin, so it works offline and behind the CSP. */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mandi API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>
`;

/** Reads the renderer's files from node_modules once, at boot; nothing is fetched from elsewhere. */
export function loadReferenceAssets(): Record<(typeof API_DOCS_ASSETS)[number], ReferenceAsset> {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return {
    'swagger-ui.css': { contentType: 'text/css; charset=utf-8', bytes: readFileSync(join(dist, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': {
      contentType: 'text/javascript; charset=utf-8',
      bytes: readFileSync(join(dist, 'swagger-ui-bundle.js')),
    },
    'reference.js': { contentType: 'text/javascript; charset=utf-8', bytes: Buffer.from(START_SCRIPT) },
  };
}
