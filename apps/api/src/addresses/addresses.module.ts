import { Module } from '@nestjs/common';
import { PincodesModule } from '../pincodes/pincodes.module.js';
import { AddressesController } from './addresses.controller.js';
import { AddressesRepository } from './addresses.repository.js';
import { AddressesService } from './addresses.service.js';

/** The address book (docs/addresses.md), checked against the India Post directory. */
@Module({
  imports: [PincodesModule],
  controllers: [AddressesController],
  providers: [AddressesService, AddressesRepository],
})
export class AddressesModule {}
