import { z } from 'zod';

/** The files the reference page loads from our own origin: the renderer's style and bundle, and our start script. */
export const API_DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'reference.js'] as const;

/** The message for a file the reference page does not have. */
export const API_DOCS_UNKNOWN_ASSET = 'No such file of the API reference';

/** The path parameter of a reference page file. */
export const apiDocsAssetParamsSchema = /* @__PURE__ */ z.object({
  file: z.enum(API_DOCS_ASSETS, { error: API_DOCS_UNKNOWN_ASSET }),
});

/** Type of {@link apiDocsAssetParamsSchema}. */
export type ApiDocsAssetParams = z.infer<typeof apiDocsAssetParamsSchema>;
