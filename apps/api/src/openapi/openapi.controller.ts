import { Controller, Header, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  apiDocs,
  apiDocsAsset,
  buildOpenApiDocument,
  openApiDocument,
  type ApiDocsAssetParams,
} from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { loadReferenceAssets, REFERENCE_PAGE } from './api-reference-page.js';

/** The version of the API's contract that the document describes. */
const API_VERSION = '1.0.0';

/** The API describes itself: GET /api/openapi.json (built from libs/contracts' registry) and a reference page. */
@Controller()
export class OpenApiController {
  /** Built once: the registry does not change while the process runs. */
  private readonly document: string;
  private readonly assets = loadReferenceAssets();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.document = JSON.stringify(buildOpenApiDocument({ version: API_VERSION, serverUrl: config.PUBLIC_URL }));
  }

  @Endpoint(openApiDocument)
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  openApi(): string {
    return this.document;
  }

  @Endpoint(apiDocs)
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  page(): string {
    return REFERENCE_PAGE;
  }

  @Endpoint(apiDocsAsset)
  async asset(@Param() params: ApiDocsAssetParams, @Res() reply: FastifyReply): Promise<void> {
    const asset = this.assets[params.file];
    await reply.type(asset.contentType).header('cache-control', 'public, max-age=86400').send(asset.bytes);
  }
}
