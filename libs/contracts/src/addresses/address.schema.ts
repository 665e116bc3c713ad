import {
  ADDRESS_FIELDS,
  ADDRESS_LIMITS,
  ADDRESS_MESSAGES,
  INDIAN_MOBILE_PATTERN,
  PINCODE_PATTERN,
  type AddressField,
} from '@mandi/domain';
import { z } from 'zod';
import { flagSchema, idSchema, requiredText } from '../common/fields.js';

/**
 * An address's fields as the API answers them, plain text (they were checked when saved): the shape that every
 * answer carrying an address, or part of one, takes its fields from.
 */
export const addressTextsSchema = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, z.string()])) as Record<AddressField, z.ZodString>,
);

/** The address form's fields (docs/addresses.md), each failure with the spec's or our message. */
const addressFieldChecks = {
  name: requiredText(ADDRESS_MESSAGES.fullNameRequired, ADDRESS_LIMITS.fullNameMax, ADDRESS_MESSAGES.fullNameTooLong),
  mobile: z
    .string({ error: ADDRESS_MESSAGES.invalidMobile })
    .trim()
    .regex(INDIAN_MOBILE_PATTERN, ADDRESS_MESSAGES.invalidMobile),
  pincode: z
    .string({ error: ADDRESS_MESSAGES.invalidPincode })
    .trim()
    .regex(PINCODE_PATTERN, ADDRESS_MESSAGES.invalidPincode),
  state: requiredText(ADDRESS_MESSAGES.stateRequired, ADDRESS_LIMITS.placeNameMax),
  district: requiredText(ADDRESS_MESSAGES.districtRequired, ADDRESS_LIMITS.placeNameMax),
  taluk: requiredText(ADDRESS_MESSAGES.talukRequired, ADDRESS_LIMITS.placeNameMax),
  flat_house_building: requiredText(
    ADDRESS_MESSAGES.flatRequired,
    ADDRESS_LIMITS.flatHouseBuildingMax,
    ADDRESS_MESSAGES.flatTooLong,
  ),
  area_or_street_or_village: requiredText(ADDRESS_MESSAGES.areaRequired, ADDRESS_LIMITS.areaOrStreetOrVillageMax),
  landmark: requiredText(
    ADDRESS_MESSAGES.landmarkRequired,
    ADDRESS_LIMITS.landmarkMax,
    ADDRESS_MESSAGES.landmarkTooLong,
  ),
} satisfies Record<AddressField, z.ZodType<string>>;

/** An address's fields as a form sends them, checked in the form's order (a seller's pickup address too). */
export const addressFormSchema = z.object(addressFieldChecks);

/** The address form (docs/addresses.md): its fields, checked in the form's order, and the default flag. */
export const addressFieldsSchema = z.object({
  ...addressFieldChecks,
  /** Make this the default address; the first address of a user is the default anyway. */
  is_default: flagSchema.optional(),
});
/** Type of {@link addressFieldsSchema}. */
export type AddressFields = z.infer<typeof addressFieldsSchema>;

/** Body of POST /api/addresses: the fields plus the owner's user id. */
export const createAddressBodySchema = addressFieldsSchema.extend({ user_id: idSchema });
/** Type of {@link createAddressBodySchema}. */
export type CreateAddressBody = z.infer<typeof createAddressBodySchema>;

/** Body of PUT /api/addresses/{id}. */
export const updateAddressBodySchema = addressFieldsSchema;
/** Type of {@link updateAddressBodySchema}. */
export type UpdateAddressBody = z.infer<typeof updateAddressBodySchema>;

/** Path of the calls on one address: PUT, set-default, DELETE. */
export const addressIdParamsSchema = z.object({ id: idSchema });
/** Path of GET /api/addresses/{userId}. */
export const addressesOfUserParamsSchema = z.object({ userId: idSchema });

/** An address as the API answers it. */
export const addressSchema = z.object({
  id: idSchema,
  ...addressTextsSchema.shape,
  is_default: z.union([z.literal(0), z.literal(1)]),
  is_deleted: z.union([z.literal(0), z.literal(1)]),
});
/** Type of {@link addressSchema}. */
export type Address = z.infer<typeof addressSchema>;

/** Answer of GET /api/addresses/{userId}: the active addresses. */
export const addressListSchema = z.array(addressSchema);
/** Type of {@link addressListSchema}. */
export type AddressList = z.infer<typeof addressListSchema>;

/** Type of {@link addressIdParamsSchema}. */
export type AddressIdParams = z.infer<typeof addressIdParamsSchema>;

/** Type of {@link addressesOfUserParamsSchema}. */
export type AddressesOfUserParams = z.infer<typeof addressesOfUserParamsSchema>;

/** Answer of PUT /api/addresses/{id}/set-default and DELETE /api/addresses/{id}: which address is the default now. */
export const addressBookChangeSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The user's default address after the change; null when no active address is left. */
  default_id: z.string().nullable(),
});
/** Type of {@link addressBookChangeSchema}. */
export type AddressBookChange = z.infer<typeof addressBookChangeSchema>;
