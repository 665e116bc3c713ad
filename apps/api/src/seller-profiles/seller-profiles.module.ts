import { Module } from '@nestjs/common';
import { PincodesModule } from '../pincodes/pincodes.module.js';
import { IfscDirectory } from './ifsc-directory.js';
import { SellerProfilesController } from './seller-profiles.controller.js';
import { SellerProfilesRepository } from './seller-profiles.repository.js';
import { SellerProfilesService } from './seller-profiles.service.js';

/** Sellers as businesses (issue 31, docs/sellers.md): their business profile (KYC) and its review by admins. */
@Module({
  imports: [PincodesModule],
  controllers: [SellerProfilesController],
  providers: [SellerProfilesService, SellerProfilesRepository, IfscDirectory],
  exports: [SellerProfilesService],
})
export class SellerProfilesModule {}
