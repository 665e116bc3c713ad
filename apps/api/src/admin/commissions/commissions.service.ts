import { Injectable } from '@nestjs/common';
import type { CategoryCommission, CommissionRuleBody, CommissionRules, SellerCommission } from '@mandi/contracts';
import {
  CATEGORY_TAX,
  COMMISSION_MESSAGES,
  commissionRuleOf,
  DomainError,
  fieldsRefused,
  paiseToRupees,
  SELLER_DASHBOARD_MESSAGES,
  type ProductCategory,
} from '@mandi/domain';
import type { Caller } from '../../auth/caller.js';
import { CommissionsRepository, type CommissionRuleRow } from './commissions.repository.js';

/** The console's commission rules (docs/commissions.md): read, set per category or seller, a seller's removed. */
@Injectable()
export class CommissionsService {
  constructor(private readonly commissions: CommissionsRepository) {}

  async rules(): Promise<CommissionRules> {
    const rows = await this.commissions.rules();
    return {
      categories: rows.filter((row) => row.category !== null).map((row) => this.category(row)),
      sellers: rows.filter((row) => row.uid !== null).map((row) => this.seller(row)),
    };
  }

  async setCategory(caller: Caller, category: ProductCategory, body: CommissionRuleBody): Promise<CategoryCommission> {
    const rule = this.checked(body);
    return this.category(await this.commissions.setCategory(category, rule.basisPoints, rule.fixedFeePaise, caller.id));
  }

  async setSeller(caller: Caller, uid: string, body: CommissionRuleBody): Promise<SellerCommission> {
    const rule = this.checked(body);
    const row = await this.commissions.setSeller(uid, rule.basisPoints, rule.fixedFeePaise, caller.id);
    if (!row) throw new DomainError('not_found', SELLER_DASHBOARD_MESSAGES.sellerNotFound);
    return this.seller(row);
  }

  async clearSeller(caller: Caller, uid: string): Promise<CommissionRules> {
    if (!(await this.commissions.clearSeller(uid, caller.id)))
      throw new DomainError('not_found', COMMISSION_MESSAGES.noOverride);
    return this.rules();
  }

  private checked(body: CommissionRuleBody) {
    const rule = commissionRuleOf(body);
    if ('problems' in rule) throw fieldsRefused(rule.problems);
    return rule;
  }

  private figures(row: CommissionRuleRow) {
    return {
      percent: row.percent_basis_points / 100,
      fixed_fee: paiseToRupees(row.fixed_fee_paise),
      updated_at: row.updated_at.toISOString(),
      updated_by: row.updated_by,
    };
  }

  private category(row: CommissionRuleRow): CategoryCommission {
    const category = row.category!;
    return { category, label: CATEGORY_TAX[category].label, ...this.figures(row) };
  }

  private seller(row: CommissionRuleRow): SellerCommission {
    return { uid: row.uid!, username: row.username ?? '', ...this.figures(row) };
  }
}
