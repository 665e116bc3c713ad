import { Module } from '@nestjs/common';
import { ProductFilesRemovalHandler } from './product-files-removal.handler.js';
import { ProductImageVariantsHandler } from './product-image-variants.handler.js';
import { ProductImagesRepository } from './product-images.repository.js';

/** Image work of the catalog: resized variants of product images, and the files of deleted products. */
@Module({ providers: [ProductImagesRepository, ProductImageVariantsHandler, ProductFilesRemovalHandler] })
export class MediaModule {}
