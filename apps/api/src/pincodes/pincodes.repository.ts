import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';

/** One post office of the directory as stored: its name and the address fields it fills in. */
const PINCODE_OFFICE_ROW = sqlRow('pincode office', {
  office_name: 'text',
  state: 'text',
  district: 'text',
  taluk: 'text',
});
/** A row of {@link PINCODE_OFFICE_ROW}. */
export type PincodeOfficeRow = RowOf<typeof PINCODE_OFFICE_ROW>;

/**
 * The post offices of a PIN code. The column is CHAR(6): the parameter is cast to it, since `char = text` compares
 * as text and would scan the whole table instead of using pincodes_pincode_idx.
 */
export function officesQuery(pincode: string): Prisma.Sql {
  return Prisma.sql`
    SELECT office_name, state, district, taluk
      FROM pincodes
     WHERE pincode = ${pincode}::char(6)
     ORDER BY office_name`;
}

/** The India Post directory in the pincodes table (loaded by scripts/db/pincodes.mjs). */
@Injectable()
export class PincodesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The post offices of a PIN code, by name; none for a PIN code the directory does not hold. */
  offices(pincode: string): Promise<PincodeOfficeRow[]> {
    return queryRows(this.prisma, PINCODE_OFFICE_ROW, officesQuery(pincode));
  }
}
