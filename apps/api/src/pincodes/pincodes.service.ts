import { Injectable } from '@nestjs/common';
import { PINCODE_NO_RECORDS_MESSAGE, type PincodeLookupAnswer } from '@mandi/contracts';
import { LruCache } from './pincodes.cache.js';
import { PincodesRepository, type PincodeOfficeRow } from './pincodes.repository.js';

// The directory changes only when scripts/db/pincodes.mjs reloads it (new package versions, at a deploy), so the
// offices of recently asked PIN codes are kept in the process: a lookup then costs no query at all. The cache is
// bounded (a few MB at most) and every replica holds the same data; the lifetime bounds how long a replica that
// outlives a reload answers from the previous directory.
const CACHED_PINCODES = 5_000;
const CACHE_LIFETIME_MS = 60 * 60 * 1000;

/** One post office of a PIN code: its name, state, district and taluk (a DirectoryPlace for the address checks). */
export type PincodeOffice = Readonly<PincodeOfficeRow>;

/** The India Post directory: the post offices of a PIN code, for the lookup route and the address checks. */
@Injectable()
export class PincodesService {
  private readonly cache = new LruCache<string, readonly PincodeOffice[]>(CACHED_PINCODES, CACHE_LIFETIME_MS);

  constructor(private readonly pincodes: PincodesRepository) {}

  /** The post offices of a (6-digit) PIN code by name; none when the directory does not hold it. */
  async offices(pincode: string): Promise<readonly PincodeOffice[]> {
    const cached = this.cache.get(pincode);
    if (cached) return cached;
    const offices = Object.freeze(await this.pincodes.offices(pincode));
    this.cache.set(pincode, offices);
    return offices;
  }

  /**
   * The lookup answer in India Post's shape: Status 'Success' with every office (Block is the taluk), or, for a PIN
   * code with no office, Status 'Error' and PostOffice null, as India Post's own service answers.
   */
  async lookup(pincode: string): Promise<PincodeLookupAnswer> {
    const offices = await this.offices(pincode);
    if (offices.length === 0) return { Status: 'Error', Message: PINCODE_NO_RECORDS_MESSAGE, PostOffice: null };
    return {
      Status: 'Success',
      PostOffice: offices.map((office) => ({
        Name: office.office_name,
        State: office.state,
        District: office.district,
        Block: office.taluk,
      })),
    };
  }
}
