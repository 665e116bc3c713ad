import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { PrismaService, SealedText, sellerProfileSealContext } from '@mandi/database';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { providerErrorText } from '../orders/razorpay-sdk.js';
import { PAYOUT_LEASE_MS } from './payout-jobs.handlers.js';
import { RazorpayRouteGateway, type LinkedAccountInput } from './razorpay-route.gateway.js';
import { PayoutsRepository } from './payouts.repository.js';

/** Razorpay's business types for Mandi's kinds of business (a producer company is a private company). */
const BUSINESS_TYPES = {
  individual_farmer: 'individual',
  proprietor: 'proprietorship',
  farmer_producer_organisation: 'private_limited',
  company: 'private_limited',
} as const;

/** `name` with every character but letters and spaces made a space, as Razorpay's contact names must be. */
const lettersAndSpaces = (name: string) =>
  name
    .replace(/[^\p{L}\p{M} ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A co-operative (PAN holder A) registers as a society; an LLP (F) as one. */
const BY_PAN_HOLDER: Partial<Record<string, string>> = { A: 'society', F: 'llp' };

/**
 * `route_account.create` (on `seller_profile.approved`): gives an approved seller a Route linked account, its
 * stakeholder and the Route product with their bank account for settlements (docs/payouts.md). Each step's answer is
 * saved before the next, so a retry after a crash or a lost answer carries on where it stopped (a lost create is found
 * again by the seller's email); an approval after a changed profile runs it again and updates the bank account. Once
 * activated, the seller's waiting payouts move on.
 */
@Injectable()
@HandlesJob('route_account.create')
export class RouteAccountHandler extends JobHandler<{ userId: number }> {
  private readonly logger = new Logger(RouteAccountHandler.name);
  private readonly sealer: SealedText;

  constructor(
    private readonly prisma: PrismaService,
    private readonly route: RazorpayRouteGateway,
    private readonly payouts: PayoutsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.sealer = new SealedText(config.SELLER_DATA_KEY);
  }

  async handle({ userId }: { userId: number }): Promise<void> {
    const profile = await this.prisma.sellerProfile.findUnique({
      where: { userId },
      include: { user: { select: { email: true } } },
    });
    // Sent again for review since (or gone): the next approval makes the account.
    if (profile?.status !== 'approved') return;
    await this.prisma.sellerRouteAccount.upsert({ where: { userId }, create: { userId }, update: {} });
    const leased = await this.prisma.sellerRouteAccount.updateMany({
      where: { userId, OR: [{ leasedUntil: null }, { leasedUntil: { lt: new Date() } }] },
      data: { leasedUntil: new Date(Date.now() + PAYOUT_LEASE_MS) },
    });
    if (leased.count === 0) throw new Error(`seller ${userId}'s Route account is being set up by another run`);
    const row = await this.prisma.sellerRouteAccount.findUniqueOrThrow({ where: { userId } });

    const open = (column: 'pan' | 'gstin' | 'bank_account', sealed: Uint8Array) =>
      this.sealer.open(sealed, sellerProfileSealContext(column, userId));
    const pan = open('pan', profile.panSealed);
    const individual = profile.businessKind === 'individual_farmer' || profile.businessKind === 'proprietor';
    const input: LinkedAccountInput = {
      sellerId: userId,
      email: profile.user.email,
      phone: profile.pickupMobile,
      legalName: profile.legalName,
      businessType: BY_PAN_HOLDER[pan[3]!] ?? BUSINESS_TYPES[profile.businessKind],
      pan,
      gstin: profile.gstinSealed ? open('gstin', profile.gstinSealed) : null,
      address: {
        street1: profile.pickupFlatHouseBuilding,
        street2: profile.pickupAreaOrStreetOrVillage,
        city: profile.pickupDistrict,
        state: profile.pickupState,
        postalCode: profile.pickupPincode,
      },
      // Razorpay takes only letters and spaces in a contact's name ('M/s. Rao & Sons' is 'M s Rao Sons').
      contactName: lettersAndSpaces(profile.bankAccountHolder),
      stakeholderPan: individual ? pan : null,
      bank: {
        accountNumber: open('bank_account', profile.bankAccountSealed),
        ifsc: profile.ifsc,
        beneficiaryName: profile.bankAccountHolder,
      },
    };
    try {
      const accountId = row.razorpayAccountId ?? (await this.route.createAccount(input));
      await this.save(userId, { razorpayAccountId: accountId });
      const stakeholderId = row.stakeholderId ?? (await this.route.ensureStakeholder(accountId, input));
      await this.save(userId, { stakeholderId });
      const { productId, activated } = await this.route.configureRoute(accountId, row.productId, input);
      await this.save(userId, {
        productId,
        status: activated ? 'activated' : 'creating',
        activatedAt: activated ? (row.activatedAt ?? new Date()) : null,
        lastError: activated ? null : 'Razorpay has not activated Route on the account yet',
        leasedUntil: null,
      });
      if (!activated) throw new Error(`Razorpay has not activated Route for seller ${userId} yet; asking again`);
      const resumed = await this.payouts.resumeWaiting(1000);
      this.logger.log({ msg: 'Route account activated', userId, accountId, payoutsResumed: resumed });
    } catch (error) {
      await this.save(userId, { lastError: providerErrorText(error).slice(0, 500), leasedUntil: null });
      throw error;
    }
  }

  private async save(
    userId: number,
    data: Parameters<PrismaService['sellerRouteAccount']['update']>[0]['data'],
  ): Promise<void> {
    await this.prisma.sellerRouteAccount.update({ where: { userId }, data });
  }
}
