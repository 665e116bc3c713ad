import { PRODUCT_LIMITS, PROFILE_LIMITS } from '@mandi/domain';
import { z } from 'zod';
import { messageAnswerSchema } from '../../common/fields.js';
import { healthAnswerSchema } from '../../health/health.schema.js';
import { pincodeLookupAnswerSchema, pincodeParamsSchema } from '../../pincodes/pincode.schema.js';
import {
  deleteProductParamsSchema,
  productByNameParamsSchema,
  productByNameQuerySchema,
  productFormSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListSchema,
  productSavedAnswerSchema,
  productSchema,
  productsOfUserParamsSchema,
  productsOfUserQuerySchema,
  productUpdateFormSchema,
  suggestionsAnswerSchema,
  suggestionsQuerySchema,
} from '../../products/product.schema.js';
import {
  minimalProfileSchema,
  profileParamsSchema,
  profileQuerySchema,
  updateProfileAnswerSchema,
  updateProfileBodySchema,
  uploadProfileImageAnswerSchema,
  userProfileSchema,
} from '../../profiles/profile.schema.js';
import type { ApiRoute } from '../api-route.js';

const productImages = { maxFiles: PRODUCT_LIMITS.imagesMax, maxBytes: PRODUCT_LIMITS.imageMaxBytes };

/* The health check, the catalog and its search, seller profiles and the PIN code directory. */

export const health = {
  method: 'GET',
  path: '/api/health',
  tag: 'Health',
  summary: 'Whether the database, Redis and a worker answer, and whether documents are printed',
  access: 'public',
  rateLimit: 'exempt',
  answers: {
    200: {
      description:
        "All dependencies are up: status 'ok', or 'degraded' with a reason while documents cannot be printed",
      schema: healthAnswerSchema,
    },
    503: { description: 'At least one dependency is down (same shape)', schema: healthAnswerSchema },
  },
  errors: [],
} satisfies ApiRoute;

export const listProducts = {
  method: 'GET',
  path: '/api/products',
  tag: 'Catalog',
  summary:
    'The home listing: newest first, a page at a time, with search and filter, narrowed by category, price range ' +
    '(rupees, bounds included), inStock=1 and fresh=1, and sorted by sort (newest, price_asc, price_desc)',
  access: 'public',
  query: productListQuerySchema,
  answers: {
    200: {
      description:
        'A page of products. With a search, the filters narrow the matches and sort (when given) orders them instead ' +
        'of relevance. A bad browsing value (unknown category or sort, a price that is not rupees, minPrice above ' +
        'maxPrice) is a 400 naming the rule.',
      schema: productListSchema,
    },
  },
  errors: [],
} satisfies ApiRoute;

export const productSuggestions = {
  method: 'GET',
  path: '/api/products/suggestions',
  tag: 'Catalog',
  summary: 'At most 10 product names for the search bar',
  access: 'public',
  query: suggestionsQuerySchema,
  answers: { 200: { description: 'Suggested names', schema: suggestionsAnswerSchema } },
  errors: [],
} satisfies ApiRoute;

export const productsByName = {
  method: 'GET',
  path: '/api/products/by-name/{name}',
  tag: 'Catalog',
  summary: 'Products matching a name, best first, a page at a time',
  access: 'public',
  params: productByNameParamsSchema,
  query: productByNameQuerySchema,
  answers: { 200: { description: 'A page of products', schema: productListSchema } },
  errors: [],
} satisfies ApiRoute;

export const productsOfSeller = {
  method: 'GET',
  path: '/api/products/user/{uid}',
  tag: 'Catalog',
  summary: "A seller's products, newest first",
  access: 'public',
  params: productsOfUserParamsSchema,
  query: productsOfUserQuerySchema,
  answers: { 200: { description: 'A page of products', schema: productListSchema } },
  errors: [],
} satisfies ApiRoute;

export const productById = {
  method: 'GET',
  path: '/api/products/{id}',
  tag: 'Catalog',
  summary: "One product; '<brand>-products' answers the official products",
  access: 'public',
  params: productIdParamsSchema,
  answers: {
    200: {
      description: 'The product, or the list of official products',
      schema: z.union([productSchema, productListSchema]),
    },
  },
  errors: [404],
} satisfies ApiRoute;

export const postProduct = {
  method: 'POST',
  path: '/api/products',
  tag: 'Catalog',
  summary: "Posts a product: the form's fields and 1 to 4 images; a repeated requestId answers the first product",
  access: 'user',
  rateLimit: 'productPosts',
  multipart: { fields: productFormSchema, files: { images: productImages } },
  answers: {
    201: { description: 'Posted', schema: productSavedAnswerSchema },
    200: { description: 'Posted before under the same requestId', schema: productSavedAnswerSchema },
  },
  errors: [],
} satisfies ApiRoute;

export const editProduct = {
  method: 'PUT',
  path: '/api/products/{id}',
  tag: 'Catalog',
  summary: 'Edits a product (its seller or an admin): the fields, the kept images and new ones',
  access: 'user',
  rateLimit: 'productEdits',
  params: productIdParamsSchema,
  multipart: { fields: productUpdateFormSchema, files: { newImages: productImages, images: productImages } },
  answers: { 200: { description: 'Saved', schema: productSavedAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const deleteProduct = {
  method: 'DELETE',
  path: '/api/products/user/{uid}/{productId}',
  tag: 'Catalog',
  summary: 'Deletes a product of user uid (its seller or an admin)',
  access: 'user',
  params: deleteProductParamsSchema,
  answers: { 200: { description: 'Deleted', schema: messageAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const userProfile = {
  method: 'GET',
  path: '/api/user-profile/uid/{uid}',
  tag: 'Profiles',
  summary: "A seller's public profile; minimal=true answers username, image and city only",
  access: 'public',
  params: profileParamsSchema,
  query: profileQuerySchema,
  answers: { 200: { description: 'The profile', schema: z.union([userProfileSchema, minimalProfileSchema]) } },
  errors: [404],
} satisfies ApiRoute;

export const updateUserProfile = {
  method: 'PUT',
  path: '/api/user-profile/uid/{uid}',
  tag: 'Profiles',
  summary: "Saves the caller's profile form",
  access: 'user',
  params: profileParamsSchema,
  body: updateProfileBodySchema,
  answers: { 200: { description: 'Saved', schema: updateProfileAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const uploadProfileImage = {
  method: 'POST',
  path: '/api/user-profile/upload-profile/{uid}',
  tag: 'Profiles',
  summary: "Uploads the caller's profile image (checked by its bytes)",
  access: 'user',
  rateLimit: 'imageUploads',
  params: profileParamsSchema,
  multipart: { files: { profileImage: { maxFiles: 1, maxBytes: PROFILE_LIMITS.imageMaxBytes } } },
  answers: { 201: { description: 'Stored', schema: uploadProfileImageAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const pincodeLookup = {
  method: 'GET',
  path: '/api/pincodes/{pincode}',
  tag: 'Addresses',
  summary: "The post offices of a PIN code from our offline India Post directory (Status 'Error' when unknown)",
  access: 'public',
  rateLimit: 'exempt',
  params: pincodeParamsSchema,
  answers: { 200: { description: 'The lookup, in India Post’s shape', schema: pincodeLookupAnswerSchema } },
  errors: [],
} satisfies ApiRoute;
