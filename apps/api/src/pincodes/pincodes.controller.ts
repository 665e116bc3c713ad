import { Controller, Get, Header, Param } from '@nestjs/common';
import { pincodeParamsSchema, type PincodeLookupAnswer, type PincodeParams } from '@mandi/contracts';
import { Public } from '../auth/access.decorators.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator.js';
import { PincodesService } from './pincodes.service.js';

/** The PIN code lookup under /api/pincodes: our offline India Post directory in place of the external service. */
@Controller('pincodes')
export class PincodesController {
  constructor(private readonly pincodes: PincodesService) {}

  /**
   * The post offices of a PIN code (200 with Status 'Error' for one the directory does not hold, as India Post
   * answers); 400 'Enter a valid 6-digit Indian PIN code' for anything but 6 digits. Public, and not counted against
   * the per-address limit: the answer is public data (the npm packages anyone can download), costs less than the
   * count would (a Redis round trip), and browsers and CDNs keep it for a day.
   */
  @Get(':pincode')
  @Public()
  @NoRateLimit()
  @Header('Cache-Control', 'public, max-age=86400')
  lookup(@Param(new ZodPipe(pincodeParamsSchema)) params: PincodeParams): Promise<PincodeLookupAnswer> {
    return this.pincodes.lookup(params.pincode);
  }
}
