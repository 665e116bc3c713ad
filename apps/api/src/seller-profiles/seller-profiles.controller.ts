import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  adminSellerProfile,
  adminSellerProfiles,
  approveSellerProfile,
  ifscLookup,
  rejectSellerProfile,
  saveSellerProfile,
  sellerProfile,
  type IfscLookup,
  type IfscParams,
  type RejectSellerProfileBody,
  type SellerProfile,
  type SellerProfileBody,
  type SellerProfileParams,
  type SellerProfileSummary,
  type SellerProfilesQuery,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { SellerProfilesService } from './seller-profiles.service.js';

/**
 * Sellers' business profiles (issue 31): the seller's own under /api/seller-dashboard/{uid}/profile (the access guard
 * lets only the seller or an admin reach it), the IFSC look-up of its form, and the console's review.
 */
@Controller()
export class SellerProfilesController {
  constructor(private readonly profiles: SellerProfilesService) {}

  @Endpoint(sellerProfile)
  read(@Param() params: SellerProfileParams, @CurrentCaller() caller: Caller): Promise<SellerProfile> {
    return this.profiles.read(caller, params.uid);
  }

  @Endpoint(saveSellerProfile)
  save(
    @Param() params: SellerProfileParams,
    @Body() body: SellerProfileBody,
    @CurrentCaller() caller: Caller,
  ): Promise<SellerProfile> {
    return this.profiles.save(caller, params.uid, body);
  }

  @Endpoint(ifscLookup)
  ifsc(@Param() params: IfscParams): IfscLookup {
    return this.profiles.lookUpIfsc(params.ifsc);
  }

  @Endpoint(adminSellerProfiles)
  list(@Query() query: SellerProfilesQuery): Promise<SellerProfileSummary[]> {
    return this.profiles.list(query);
  }

  @Endpoint(adminSellerProfile)
  adminRead(@Param() params: SellerProfileParams, @CurrentCaller() admin: Caller): Promise<SellerProfile> {
    return this.profiles.adminRead(admin, params.uid);
  }

  @Endpoint(approveSellerProfile)
  approve(@Param() params: SellerProfileParams, @CurrentCaller() admin: Caller): Promise<SellerProfile> {
    return this.profiles.review(admin, params.uid, null);
  }

  @Endpoint(rejectSellerProfile)
  reject(
    @Param() params: SellerProfileParams,
    @Body() body: RejectSellerProfileBody,
    @CurrentCaller() admin: Caller,
  ): Promise<SellerProfile> {
    return this.profiles.review(admin, params.uid, body.reason);
  }
}
