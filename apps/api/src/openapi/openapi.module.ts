import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller.js';

/** The OpenAPI document and its reference page under /api. */
@Module({ controllers: [OpenApiController] })
export class OpenApiModule {}
