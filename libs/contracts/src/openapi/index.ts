// The route registry of the API and the OpenAPI 3.1 document built from it.
export * from './api-route.js';
export * from './api-routes.js';
export * from './openapi-document.js';
export * from './route-tags.js';
export {
  API_DOCS_ASSETS,
  API_DOCS_UNKNOWN_ASSET,
  apiDocsAssetParamsSchema,
  type ApiDocsAssetParams,
} from './routes/reference.routes.js';
