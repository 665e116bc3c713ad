import { Controller, Header, Param } from '@nestjs/common';
import { pincodeLookup, type PincodeLookupAnswer, type PincodeParams } from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { PincodesService } from './pincodes.service.js';

/** The PIN code lookup under /api/pincodes: our offline India Post directory in place of the external service. */
@Controller()
export class PincodesController {
  constructor(private readonly pincodes: PincodesService) {}

  /**
   * The post offices of a PIN code (200 with Status 'Error' for one the directory does not hold, as India Post
   * answers); 400 'Enter a valid 6-digit Indian PIN code' for anything but 6 digits. Public, and exempt from the
   * per-address limit: the answer is public data (the npm packages anyone can download), costs less than the count
   * would (a Redis round trip), and browsers and CDNs keep it for a day.
   */
  @Endpoint(pincodeLookup)
  @Header('Cache-Control', 'public, max-age=86400')
  lookup(@Param() params: PincodeParams): Promise<PincodeLookupAnswer> {
    return this.pincodes.lookup(params.pincode);
  }
}
