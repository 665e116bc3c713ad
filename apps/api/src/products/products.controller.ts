import { Controller, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  deleteProduct,
  editProduct,
  listProducts,
  postProduct,
  productById,
  productImageCountProblem,
  productsOfSeller,
  type DeleteProductParams,
  type MessageAnswer,
  type Product,
  type ProductForm,
  type ProductIdParams,
  type ProductListQuery,
  type ProductSavedAnswer,
  type ProductsOfUserParams,
  type ProductsOfUserQuery,
  type RouteMultipart,
} from '@mandi/contracts';
import { DomainError, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@mandi/domain';
import type { ZodType } from 'zod';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { parseInput } from '../common/route-input.pipe.js';
import { readMultipartForm } from '../files/multipart-form.js';
import { checkImages } from '../files/uploaded-image.js';
import { ProfileViewer } from '../profiles/profile-viewer.js';
import { ProductReadsService } from './product-reads.service.js';
import { ProductWritesService, type NewImage } from './product-writes.service.js';

/** GET /api/products/{brand}-products: the official products (docs/catalog.md), beside numeric product ids. */
const OFFICIAL_PRODUCTS_PATH = /^[A-Za-z0-9_]+-products$/;

/** The catalog under /api/products. */
@Controller()
export class ProductsController {
  constructor(
    private readonly reads: ProductReadsService,
    private readonly writes: ProductWritesService,
    private readonly viewer: ProfileViewer,
  ) {}

  /**
   * The home listing: newest first (or by price), a page at a time, each product with its seller's card, narrowed by
   * search, filter and the browsing parameters. Answered as the UTF-8 JSON of a Product[] page, which the listing
   * cache keeps ready.
   */
  @Endpoint(listProducts)
  list(@Query() query: ProductListQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    void reply.type('application/json; charset=utf-8');
    return this.reads.listJson(query);
  }

  /**
   * A seller's products, newest first (their profile and seller page); to the seller themselves and admins (a bearer
   * token, optional) also those the shop does not show, each with its shop_state.
   */
  @Endpoint(productsOfSeller)
  ofSeller(
    @Param() params: ProductsOfUserParams,
    @Query() query: ProductsOfUserQuery,
    @Req() request: FastifyRequest,
  ): Promise<Product[]> {
    return this.reads.ofSeller(params.uid, query, () => this.viewer.of(request));
  }

  /**
   * One product, or the official products when the segment is '<brand>-products'. A product the shop does not show is
   * 404 but to its seller and admins (a bearer token, optional), who get it with its shop_state. A product is answered
   * as the UTF-8 JSON the product page cache keeps ready.
   */
  @Endpoint(productById)
  async get(
    @Param() params: ProductIdParams,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | Product[]> {
    if (OFFICIAL_PRODUCTS_PATH.test(params.id)) return this.reads.official();
    const json = await this.reads.getJson(params.id, () => this.viewer.of(request));
    void reply.type('application/json; charset=utf-8');
    return json;
  }

  /** Posts a product (multipart: the form's fields and up to 4 `images`); 201, or 200 for a repeated requestId. */
  @Endpoint(postProduct)
  async create(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentCaller() caller: Caller,
  ): Promise<ProductSavedAnswer> {
    const { form, images } = await readProductForm(request, postProduct.multipart);
    const { created, product } = await this.writes.create(caller, form, images);
    void reply.status(created ? 201 : 200);
    return { message: PRODUCT_MESSAGES.created, product };
  }

  /** Edits a product (multipart: the form's fields and `newImages`); its seller or an admin. */
  @Endpoint(editProduct)
  async update(
    @Param() params: ProductIdParams,
    @Req() request: FastifyRequest,
    @CurrentCaller() caller: Caller,
  ): Promise<ProductSavedAnswer> {
    const { form, images } = await readProductForm(request, editProduct.multipart);
    const product = await this.writes.update(caller, params.id, form, images);
    return { message: PRODUCT_MESSAGES.updated, product };
  }

  /** Deletes a product of user `uid`; its seller or an admin. */
  @Endpoint(deleteProduct)
  remove(@Param() params: DeleteProductParams, @CurrentCaller() caller: Caller): Promise<MessageAnswer> {
    return this.writes.remove(caller, params.uid, params.productId);
  }
}

/**
 * Reads a product form as its route's entry declares it (the fields' schema, the file fields), checking in the order a
 * person fixes things: the fields (400 with the spec's popup text), the number of images (400), each file's size (413)
 * and its bytes (415). Nothing is stored before all pass.
 */
async function readProductForm(
  request: FastifyRequest,
  multipart: RouteMultipart & { fields: ZodType<ProductForm> },
): Promise<{ form: ProductForm; images: NewImage[] }> {
  const read = await readMultipartForm(request, {
    fileFields: Object.keys(multipart.files),
    maxFiles: PRODUCT_LIMITS.imagesMax,
    maxFileBytes: PRODUCT_LIMITS.imageMaxBytes,
    notMultipartMessage: PRODUCT_MESSAGES.formRequired,
    tooManyFilesMessage: PRODUCT_MESSAGES.tooManyImages.text,
  });
  const form = parseInput(multipart.fields, read.fields);
  const kept = new Set(form.existingImages.filter((url) => !form.removedImages.includes(url))).size;
  const countProblem = productImageCountProblem(kept, read.fileCount);
  if (countProblem) throw new DomainError('invalid_data', countProblem, { fields: { images: countProblem } });
  const images = await checkImages(read.files);
  return { form, images };
}
