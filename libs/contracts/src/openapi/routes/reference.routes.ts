import { z } from 'zod';
import type { ApiRoute } from '../api-route.js';

/** The files the reference page loads from our own origin: the renderer's style and bundle, and our start script. */
export const API_DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'reference.js'] as const;

/** The message for a file the reference page does not have. */
export const API_DOCS_UNKNOWN_ASSET = 'No such file of the API reference';

/** The path parameter of a reference page file. */
export const apiDocsAssetParamsSchema = /* @__PURE__ */ z.object({
  file: z.enum(API_DOCS_ASSETS, { error: API_DOCS_UNKNOWN_ASSET }),
});

/** The API's description of itself: the OpenAPI document and its readable reference page. */
export const referenceRoutes: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Reference',
    summary: 'This OpenAPI 3.1 document',
    access: 'public',
    rateLimited: true,
    answers: { 200: { description: 'The document', contentType: 'application/json' } },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/docs',
    tag: 'Reference',
    summary: 'The readable reference page of this document (works offline)',
    access: 'public',
    rateLimited: true,
    answers: { 200: { description: 'The page', contentType: 'text/html' } },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/docs/{file}',
    tag: 'Reference',
    summary: "A file of the reference page (the renderer's style and script)",
    access: 'public',
    rateLimited: true,
    params: apiDocsAssetParamsSchema,
    answers: { 200: { description: 'The file', contentType: 'text/css or text/javascript' } },
    errors: [],
  },
];

/** Type of {@link apiDocsAssetParamsSchema}. */
export type ApiDocsAssetParams = z.infer<typeof apiDocsAssetParamsSchema>;
