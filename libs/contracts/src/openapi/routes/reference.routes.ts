import { apiDocsAssetParamsSchema } from '../api-docs-assets.js';
import type { ApiRoute } from '../api-route.js';

/* The API's description of itself: the OpenAPI document and its readable reference page. */

export const openApiDocument = {
  method: 'GET',
  path: '/api/openapi.json',
  tag: 'Reference',
  summary: 'This OpenAPI 3.1 document',
  access: 'public',
  answers: { 200: { description: 'The document', contentType: 'application/json' } },
  errors: [],
} satisfies ApiRoute;

export const apiDocs = {
  method: 'GET',
  path: '/api/docs',
  tag: 'Reference',
  summary: 'The readable reference page of this document (works offline)',
  access: 'public',
  answers: { 200: { description: 'The page', contentType: 'text/html' } },
  errors: [],
} satisfies ApiRoute;

export const apiDocsAsset = {
  method: 'GET',
  path: '/api/docs/{file}',
  tag: 'Reference',
  summary: "A file of the reference page (the renderer's style and script)",
  access: 'public',
  params: apiDocsAssetParamsSchema,
  answers: { 200: { description: 'The file', contentType: 'text/css or text/javascript' } },
  errors: [],
} satisfies ApiRoute;
