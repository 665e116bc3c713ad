/*
 * The calls the ONDC network makes on Mandi's seller node (docs/ondc.md, "Receiving calls"): RET10, retail API
 * 1.2.0, as ONDC's log-validation-utility (schema/Retail/**, utils/Retail/**) expects them from a buyer app.
 * Permissive where ONDC leaves a field optional (unknown fields are kept), strict on what Mandi needs to answer.
 */
import { ONDC_ACTIONS, ONDC_CORE_VERSION, ONDC_COUNTRY, ONDC_DOMAIN, type OndcAction } from '@mandi/domain';
import { z } from 'zod';

const text = z.string().min(1);
const urlSchema = z.url({ error: 'must be a URL' }).max(500);

/** An ISO-8601 duration as ONDC writes a ttl ("PT30S", "P1D"). */
export const ondcDurationSchema = z.iso.duration({ error: 'must be an ISO-8601 duration, e.g. PT30S' });
/** An RFC 3339 instant with its offset ("2026-12-18T09:00:00.000Z"). */
export const ondcTimestampSchema = z.iso.datetime({
  offset: true,
  error: 'must be an RFC 3339 date-time, e.g. 2026-12-18T09:00:00.000Z',
});
/** Order ids as the validator accepts them: up to 32 letters, digits and '-', or a UUID. */
const orderIdSchema = z
  .string()
  .regex(
    /^[a-zA-Z0-9-]{1,32}$|^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    'must be up to 32 letters, digits and "-", or a UUID',
  );
/** An Indian pincode: ONDC's area_code in India. */
const pincodeSchema = z.string().regex(/^[1-9][0-9]{5}$/, 'must be a 6-digit pincode');
/** "latitude,longitude" in decimal degrees. */
const gpsSchema = z
  .string()
  .regex(/^-?\d{1,2}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, 'must be "latitude,longitude", e.g. 12.9716,77.5946');
const phoneSchema = z.string().regex(/^\+?[0-9]{10,12}$/, 'must be a phone number of 10 to 12 digits');
/** A decimal amount as text, as Beckn prices are ("120.50"). */
const amountSchema = z.string().regex(/^[0-9]+(\.[0-9]{1,2})?$/, 'must be an amount with at most 2 decimals');
const priceSchema = z.looseObject({ currency: text, value: amountSchema });

/** Beckn's tag group: a code and its list of code/value pairs. */
export const ondcTagGroupSchema = z.looseObject({
  code: text,
  list: z.array(z.looseObject({ code: text, value: z.string() })).optional(),
});

/** The context of every call; the per-action schemas pin `action` and require the seller node's fields. */
export const ondcContextSchema = z.looseObject({
  domain: z.literal(ONDC_DOMAIN, { error: `must be ${ONDC_DOMAIN}` }),
  country: z.literal(ONDC_COUNTRY, { error: `must be ${ONDC_COUNTRY}` }),
  city: text,
  action: z.enum(ONDC_ACTIONS),
  core_version: z.literal(ONDC_CORE_VERSION, { error: `must be ${ONDC_CORE_VERSION}` }),
  // The lengths ondc_calls keeps (prisma/schema.prisma).
  bap_id: text.max(255),
  bap_uri: urlSchema,
  bpp_id: text.max(255).optional(),
  bpp_uri: urlSchema.optional(),
  transaction_id: text.max(100),
  message_id: text.max(100),
  timestamp: ondcTimestampSchema,
  /** Optional in the contract (update names none); ONDC_DEFAULT_TTL then applies. */
  ttl: ondcDurationSchema.optional(),
  key: z.string().optional(),
});
/** Type of {@link ondcContextSchema}. */
export type OndcContext = z.infer<typeof ondcContextSchema>;

function contextOf<A extends OndcAction>(action: A) {
  const pinned = ondcContextSchema.extend({
    action: z.literal(action, { error: `must be "${action}", the action of the URL` }),
  });
  // A search goes to every seller node through the gateway; every other call names the seller node it is for.
  return action === 'search' ? pinned : pinned.extend({ bpp_id: text.max(255), bpp_uri: urlSchema });
}

const addressSchema = z.looseObject({
  name: z.string().optional(),
  building: text,
  locality: text,
  city: text,
  state: text,
  country: text,
  area_code: pincodeSchema,
});

/** Where an order goes: the buyer's gps and address (its pincode decides serviceability), and a phone. */
const deliveryEndSchema = z.looseObject({
  location: z.looseObject({ gps: gpsSchema, address: addressSchema }),
  contact: z.looseObject({ phone: phoneSchema, email: z.string().optional() }),
  person: z.looseObject({ name: z.string().optional() }).optional(),
});

const providerSchema = z.looseObject({
  id: text,
  locations: z.array(z.looseObject({ id: text })).optional(),
});

const orderItemSchema = z.looseObject({
  id: text,
  quantity: z.looseObject({ count: z.number().int().min(1) }),
  location_id: z.string().optional(),
  fulfillment_id: z.string().optional(),
  parent_item_id: z.string().optional(),
  tags: z.array(ondcTagGroupSchema).optional(),
});
const orderItemsSchema = z.array(orderItemSchema).min(1, 'must name at least one item');

const billingSchema = z.looseObject({
  name: text,
  address: addressSchema,
  phone: phoneSchema,
  email: z.string().optional(),
  tax_number: z.string().optional(),
  created_at: ondcTimestampSchema.optional(),
  updated_at: ondcTimestampSchema.optional(),
});

const deliveryFulfillmentSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  end: deliveryEndSchema,
});
const deliveryFulfillmentsSchema = z.array(deliveryFulfillmentSchema).min(1, 'must name the delivery');

const finderFee = {
  '@ondc/org/buyer_app_finder_fee_type': z.enum(['percent', 'amount']).optional(),
  '@ondc/org/buyer_app_finder_fee_amount': amountSchema.optional(),
};

const quoteSchema = z.looseObject({
  price: priceSchema,
  breakup: z.array(z.looseObject({})).optional(),
  ttl: ondcDurationSchema.optional(),
});

/** search: the full catalogue, or incremental updates (tag catalog_inc: mode start/stop, or a time range). */
export const ondcSearchRequestSchema = z.looseObject({
  context: contextOf('search'),
  message: z.looseObject({
    intent: z.looseObject({
      fulfillment: z
        .looseObject({
          type: z.string().optional(),
          end: z
            .looseObject({
              location: z.looseObject({
                gps: gpsSchema.optional(),
                address: z.looseObject({ area_code: pincodeSchema.optional() }).optional(),
              }),
            })
            .optional(),
        })
        .optional(),
      item: z.looseObject({ descriptor: z.looseObject({ name: z.string().optional() }).optional() }).optional(),
      category: z.looseObject({ id: z.string().optional() }).optional(),
      provider: z.looseObject({ id: z.string().optional() }).optional(),
      payment: z.looseObject(finderFee).optional(),
      tags: z.array(ondcTagGroupSchema).optional(),
    }),
  }),
});

/** select: the items and counts a buyer wants from one provider, to be quoted. */
export const ondcSelectRequestSchema = z.looseObject({
  context: contextOf('select'),
  message: z.looseObject({
    order: z.looseObject({
      provider: providerSchema,
      items: orderItemsSchema,
      fulfillments: z
        .array(
          z.looseObject({
            end: z
              .looseObject({
                location: z.looseObject({
                  gps: gpsSchema.optional(),
                  address: z.looseObject({ area_code: pincodeSchema.optional() }).optional(),
                }),
              })
              .optional(),
          }),
        )
        .optional(),
      offers: z.array(z.looseObject({ id: text })).optional(),
    }),
  }),
});

/** init: the quoted items with billing and the delivery address, to be given payment terms. */
export const ondcInitRequestSchema = z.looseObject({
  context: contextOf('init'),
  message: z.looseObject({
    order: z.looseObject({
      provider: providerSchema,
      items: orderItemsSchema,
      billing: billingSchema,
      fulfillments: deliveryFulfillmentsSchema,
      offers: z.array(z.looseObject({ id: text })).optional(),
    }),
  }),
});

/** confirm: the order as the buyer app places it, with how it is paid. */
export const ondcConfirmRequestSchema = z.looseObject({
  context: contextOf('confirm'),
  message: z.looseObject({
    order: z.looseObject({
      id: orderIdSchema.optional(),
      state: z.string().optional(),
      provider: providerSchema,
      items: orderItemsSchema,
      billing: billingSchema,
      fulfillments: deliveryFulfillmentsSchema,
      quote: quoteSchema.optional(),
      payment: z.looseObject({
        type: z.enum(['ON-ORDER', 'ON-FULFILLMENT']),
        collected_by: z.enum(['BAP', 'BPP']),
        status: z.enum(['PAID', 'NOT-PAID']),
        params: z
          .looseObject({
            amount: amountSchema.optional(),
            currency: z.string().optional(),
            transaction_id: z.string().optional(),
          })
          .optional(),
        ...finderFee,
        '@ondc/org/settlement_basis': z.string().optional(),
        '@ondc/org/settlement_window': z.string().optional(),
        '@ondc/org/withholding_amount': z.string().optional(),
        '@ondc/org/settlement_details': z.array(z.looseObject({})).optional(),
      }),
      tags: z.array(ondcTagGroupSchema).optional(),
      created_at: ondcTimestampSchema.optional(),
      updated_at: ondcTimestampSchema.optional(),
    }),
  }),
});

/** status: where an order is. */
export const ondcStatusRequestSchema = z.looseObject({
  context: contextOf('status'),
  message: z.looseObject({ order_id: orderIdSchema }),
});

/** track: a tracking link or position for an order. */
export const ondcTrackRequestSchema = z.looseObject({
  context: contextOf('track'),
  message: z.looseObject({ order_id: orderIdSchema }),
});

/** cancel: the buyer app cancels an order with one of ONDC's reason codes. */
export const ondcCancelRequestSchema = z.looseObject({
  context: contextOf('cancel'),
  message: z.looseObject({
    order_id: orderIdSchema,
    cancellation_reason_id: z.string().regex(/^[0-9]{3}$/, 'must be a 3-digit ONDC cancellation reason code'),
    descriptor: z.looseObject({ name: z.string().optional(), short_desc: z.string().optional() }).optional(),
  }),
});

/** update: a change to an order (returns, part cancels, payment settlement details). */
export const ondcUpdateRequestSchema = z.looseObject({
  context: contextOf('update'),
  message: z.looseObject({
    update_target: z.enum(['item', 'payment', 'fulfillment', 'billing']),
    order: z.looseObject({
      id: orderIdSchema,
      items: z.array(z.looseObject({ id: text })).optional(),
      fulfillments: z
        .array(z.looseObject({ id: z.string().optional(), tags: z.array(ondcTagGroupSchema).optional() }))
        .optional(),
      payment: z.looseObject({}).optional(),
    }),
  }),
});

/** The schema of each action's request. */
export const ondcRequestSchemas = {
  search: ondcSearchRequestSchema,
  select: ondcSelectRequestSchema,
  init: ondcInitRequestSchema,
  confirm: ondcConfirmRequestSchema,
  status: ondcStatusRequestSchema,
  track: ondcTrackRequestSchema,
  cancel: ondcCancelRequestSchema,
  update: ondcUpdateRequestSchema,
} as const satisfies Record<OndcAction, z.ZodType>;

export type OndcSearchRequest = z.infer<typeof ondcSearchRequestSchema>;
export type OndcSelectRequest = z.infer<typeof ondcSelectRequestSchema>;
export type OndcInitRequest = z.infer<typeof ondcInitRequestSchema>;
export type OndcConfirmRequest = z.infer<typeof ondcConfirmRequestSchema>;
export type OndcStatusRequest = z.infer<typeof ondcStatusRequestSchema>;
export type OndcTrackRequest = z.infer<typeof ondcTrackRequestSchema>;
export type OndcCancelRequest = z.infer<typeof ondcCancelRequestSchema>;
export type OndcUpdateRequest = z.infer<typeof ondcUpdateRequestSchema>;
/** The request of one action, e.g. `OndcRequestOf<'confirm'>`. */
export type OndcRequestOf<A extends OndcAction> = z.infer<(typeof ondcRequestSchemas)[A]>;
/** Any request the seller node receives. */
export type OndcRequest = OndcRequestOf<OndcAction>;
