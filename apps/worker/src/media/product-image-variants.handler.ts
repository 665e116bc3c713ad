import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { FILE_STORE, variantKey, type FileStore } from '@mandi/storage';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { makeImageVariants } from './image-variants.js';
import { ProductImagesRepository } from './product-images.repository.js';

/**
 * Makes the card and thumbnail WebP of each image of a posted or edited product, stored beside the original, and
 * records them on product_images. Only images without variants are worked on, so a second run changes nothing; an
 * image removed or replaced meanwhile is skipped, and variants made for it in the meantime are deleted again.
 */
@Injectable()
@HandlesJob('product.image_variants')
export class ProductImageVariantsHandler extends JobHandler<EventPayload<'product.created'>> {
  private readonly logger = new Logger(ProductImageVariantsHandler.name);

  constructor(
    private readonly images: ProductImagesRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {
    super();
  }

  async handle({ productId }: EventPayload<'product.created'>, { finish }: JobContext): Promise<void> {
    const made: { fileKey: string; cardKey: string; thumbKey: string }[] = [];
    for (const { fileKey } of await this.images.pending(productId)) {
      const original = await this.files.get(fileKey);
      // Gone from the store: the image was removed after this job was queued; its row goes with the same edit.
      if (!original) continue;
      let variants: Awaited<ReturnType<typeof makeImageVariants>>;
      try {
        variants = await makeImageVariants(original.bytes);
      } catch (error) {
        // The upload passed the type check but sharp cannot decode it: the original is shown, and retrying cannot help.
        this.logger.warn({ err: error, productId, fileKey }, 'Image variants not made; the original is shown');
        continue;
      }
      const cardKey = variantKey(fileKey, 'card');
      const thumbKey = variantKey(fileKey, 'thumb');
      // Keys are derived from the original's, so a rerun overwrites the same files instead of adding new ones.
      await this.files.put(cardKey, variants.card, 'image/webp');
      await this.files.put(thumbKey, variants.thumb, 'image/webp');
      made.push({ fileKey, cardKey, thumbKey });
    }
    const unrecorded: string[] = [];
    await finish(async (tx) => {
      for (const { fileKey, cardKey, thumbKey } of made) {
        if (!(await this.images.recordVariants(tx, productId, fileKey, cardKey, thumbKey)))
          unrecorded.push(cardKey, thumbKey);
      }
    });
    // Variants of an image removed meanwhile: nothing refers to them.
    await Promise.all(unrecorded.map((key) => this.files.delete(key)));
  }
}
