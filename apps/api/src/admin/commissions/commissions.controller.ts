import { Body, Controller, Param } from '@nestjs/common';
import {
  clearSellerCommission,
  commissionRules,
  setCategoryCommission,
  setSellerCommission,
  type CategoryCommission,
  type CommissionRuleBody,
  type CommissionRules,
  type SellerCommission,
} from '@mandi/contracts';
import type { ProductCategory } from '@mandi/domain';
import { CurrentCaller } from '../../auth/caller.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { CommissionsService } from './commissions.service.js';

/** Mandi's commission rules in the console (admins only; every change audited). */
@Controller()
export class CommissionsController {
  constructor(private readonly commissions: CommissionsService) {}

  @Endpoint(commissionRules)
  rules(): Promise<CommissionRules> {
    return this.commissions.rules();
  }

  @Endpoint(setCategoryCommission)
  setCategory(
    @Param() params: { category: ProductCategory },
    @Body() body: CommissionRuleBody,
    @CurrentCaller() caller: Caller,
  ): Promise<CategoryCommission> {
    return this.commissions.setCategory(caller, params.category, body);
  }

  @Endpoint(setSellerCommission)
  setSeller(
    @Param() params: { uid: string },
    @Body() body: CommissionRuleBody,
    @CurrentCaller() caller: Caller,
  ): Promise<SellerCommission> {
    return this.commissions.setSeller(caller, params.uid, body);
  }

  @Endpoint(clearSellerCommission)
  clearSeller(@Param() params: { uid: string }, @CurrentCaller() caller: Caller): Promise<CommissionRules> {
    return this.commissions.clearSeller(caller, params.uid);
  }
}
