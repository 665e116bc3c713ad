import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { ProductMails } from './product-mails.js';
import { ProductMailsRepository } from './product-mails.repository.js';

/**
 * Mails the seller of a product an admin unlisted, with the product's name and the admin's reason (issue 17). A
 * product listed again (or deleted) by the time the job runs gets no mail: there is nothing left to tell. Each
 * product.unlisted event is one mail: the job runner skips a redelivery.
 */
@Injectable()
@HandlesJob('mail.product_unlisted')
export class ProductUnlistedMailHandler extends JobHandler<EventPayload<'product.unlisted'>> {
  constructor(
    private readonly products: ProductMailsRepository,
    private readonly mails: ProductMails,
  ) {
    super();
  }

  async handle({ productId }: EventPayload<'product.unlisted'>): Promise<void> {
    const product = await this.products.findUnlisted(productId);
    if (!product) return;
    await this.mails.sendUnlisted(product);
  }
}
