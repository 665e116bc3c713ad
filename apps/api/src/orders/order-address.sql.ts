import { Prisma } from '@mandi/database';
import { ADDRESS_FIELDS } from '@mandi/domain';

/**
 * An order keeps a copy of its delivery address as it was at checkout, one column `address_<field>` for each field of
 * the address (ADDRESS_FIELDS of libs/domain), so a later edit of the saved address changes no order.
 */

/** The address copy of the order aliased `o` as one JSON object of the address's own field names (an AddressInput). */
export const ORDER_ADDRESS_JSON = Prisma.raw(
  `json_build_object(${ADDRESS_FIELDS.map((field) => `'${field}', o.address_${field}`).join(', ')})`,
);
