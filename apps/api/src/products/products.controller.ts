import { Controller, Delete, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  deleteProductParamsSchema,
  productFormSchema,
  productIdParamsSchema,
  productImageCountProblem,
  productListQuerySchema,
  productsOfUserParamsSchema,
  productsOfUserQuerySchema,
  productUpdateFormSchema,
  type DeleteProductParams,
  type MessageAnswer,
  type Product,
  type ProductForm,
  type ProductIdParams,
  type ProductListQuery,
  type ProductSavedAnswer,
  type ProductsOfUserParams,
  type ProductsOfUserQuery,
} from '@mandi/contracts';
import { DomainError, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@mandi/domain';
import type { ZodType } from 'zod';
import { CurrentCaller, Public } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { WRITE_LIMITS } from '../rate-limit/write-rate-limits.js';
import { readMultipartForm } from '../files/multipart-form.js';
import { checkImages } from '../files/uploaded-image.js';
import { ProfileViewer } from '../profiles/profile-viewer.js';
import { ProductsService, type NewImage } from './products.service.js';

/** GET /api/products/{brand}-products: the official products (spec 001), beside numeric product ids. */
const OFFICIAL_PRODUCTS_PATH = /^[A-Za-z0-9_]+-products$/;

/** The catalog under /api/products. */
@Controller('products')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly viewer: ProfileViewer,
  ) {}

  /**
   * The home listing: newest first (or by price), a page at a time, each product with its seller's card, narrowed by
   * search, filter and the browsing parameters. Answered as the UTF-8 JSON of a Product[] page, which the listing
   * cache keeps ready.
   */
  @Get()
  @Public()
  list(
    @Query(new ZodPipe(productListQuerySchema)) query: ProductListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    void reply.type('application/json; charset=utf-8');
    return this.products.listJson(query);
  }

  /**
   * A seller's products, newest first (their profile and seller page); to the seller themselves and admins (a bearer
   * token, optional) also those the shop does not show, each with its shop_state.
   */
  @Get('user/:uid')
  @Public()
  ofSeller(
    @Param(new ZodPipe(productsOfUserParamsSchema)) params: ProductsOfUserParams,
    @Query(new ZodPipe(productsOfUserQuerySchema)) query: ProductsOfUserQuery,
    @Req() request: FastifyRequest,
  ): Promise<Product[]> {
    return this.products.ofSeller(params.uid, query, () => this.viewer.of(request));
  }

  /**
   * One product, or the official products when the segment is '<brand>-products'. A product the shop does not show is
   * 404 but to its seller and admins (a bearer token, optional), who get it with its shop_state. A product is answered
   * as the UTF-8 JSON the product page cache keeps ready.
   */
  @Get(':id')
  @Public()
  async get(
    @Param(new ZodPipe(productIdParamsSchema)) params: ProductIdParams,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | Product[]> {
    if (OFFICIAL_PRODUCTS_PATH.test(params.id)) return this.products.official();
    const json = await this.products.getJson(params.id, () => this.viewer.of(request));
    void reply.type('application/json; charset=utf-8');
    return json;
  }

  /** Posts a product (multipart: the form's fields and up to 4 `images`); 201, or 200 for a repeated requestId. */
  @Post()
  @RateLimit(WRITE_LIMITS.productPosts)
  async create(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentCaller() caller: Caller,
  ): Promise<ProductSavedAnswer> {
    const { form, images } = await readProductForm(request, productFormSchema, ['images']);
    const { created, product } = await this.products.create(caller, form, images);
    void reply.status(created ? 201 : 200);
    return { message: PRODUCT_MESSAGES.created, product };
  }

  /** Edits a product (multipart: the form's fields and `newImages`); its seller or an admin. */
  @Put(':id')
  @RateLimit(WRITE_LIMITS.productEdits)
  async update(
    @Param(new ZodPipe(productIdParamsSchema)) params: ProductIdParams,
    @Req() request: FastifyRequest,
    @CurrentCaller() caller: Caller,
  ): Promise<ProductSavedAnswer> {
    const { form, images } = await readProductForm(request, productUpdateFormSchema, ['newImages', 'images']);
    const product = await this.products.update(caller, params.id, form, images);
    return { message: PRODUCT_MESSAGES.updated, product };
  }

  /** Deletes a product of user `uid`; its seller or an admin. */
  @Delete('user/:uid/:productId')
  remove(
    @Param(new ZodPipe(deleteProductParamsSchema)) params: DeleteProductParams,
    @CurrentCaller() caller: Caller,
  ): Promise<MessageAnswer> {
    return this.products.remove(caller, params.uid, params.productId);
  }
}

/**
 * Reads a product form, checking in the order a person fixes things: the fields (400 with the spec's popup text),
 * the number of images (400), each file's size (413) and its bytes (415). Nothing is stored before all pass.
 */
async function readProductForm(
  request: FastifyRequest,
  schema: ZodType<ProductForm>,
  fileFields: readonly string[],
): Promise<{ form: ProductForm; images: NewImage[] }> {
  const multipart = await readMultipartForm(request, {
    fileFields,
    maxFiles: PRODUCT_LIMITS.imagesMax,
    maxFileBytes: PRODUCT_LIMITS.imageMaxBytes,
    notMultipartMessage: PRODUCT_MESSAGES.formRequired,
    tooManyFilesMessage: PRODUCT_MESSAGES.tooManyImages.text,
  });
  const form = new ZodPipe(schema).transform(multipart.fields);
  const kept = new Set(form.existingImages.filter((url) => !form.removedImages.includes(url))).size;
  const countProblem = productImageCountProblem(kept, multipart.fileCount);
  if (countProblem) throw new DomainError('invalid_data', countProblem, { fields: { images: countProblem } });
  const images = await checkImages(multipart.files);
  return { form, images };
}
