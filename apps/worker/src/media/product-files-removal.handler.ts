import { Inject, Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { FILE_STORE, productFolder, type FileStore } from '@mandi/storage';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { ProductImagesRepository } from './product-images.repository.js';

/**
 * Removes a deleted product's folder of files (images and variants). The API removes them right after its commit;
 * this job covers what that cannot: products deleted with their seller's account, and an API that stopped between
 * its commit and the removal. Product ids are never reused, so the folder of a deleted product is nobody else's.
 */
@Injectable()
@HandlesJob('product.remove_files')
export class ProductFilesRemovalHandler extends JobHandler<EventPayload<'product.deleted'>> {
  constructor(
    private readonly images: ProductImagesRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {
    super();
  }

  async handle({ productId }: EventPayload<'product.deleted'>): Promise<void> {
    if (await this.images.productExists(productId)) return;
    await this.files.deletePrefix(`${productFolder(productId)}/`);
  }
}
