import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  addressesOfUserParamsSchema,
  addressIdParamsSchema,
  createAddressBodySchema,
  updateAddressBodySchema,
  type Address,
  type AddressBookChange,
  type AddressesOfUserParams,
  type AddressIdParams,
  type AddressList,
  type CreateAddressBody,
  type UpdateAddressBody,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { WRITE_LIMITS } from '../rate-limit/write-rate-limits.js';
import { AddressesService } from './addresses.service.js';

/**
 * The address book under /api/addresses (spec 001 section 7). The access guard checks a userId or user_id named in
 * the call; the service checks whose an address named by id is.
 */
@Controller('addresses')
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  /** The user's active addresses, oldest first. */
  @Get(':userId')
  list(
    @Param(new ZodPipe(addressesOfUserParamsSchema)) params: AddressesOfUserParams,
    @CurrentCaller() caller: Caller,
  ): Promise<AddressList> {
    return this.addresses.list(caller, params.userId);
  }

  /** Saves a new address for user_id: 201 with the address. */
  @Post()
  @RateLimit(WRITE_LIMITS.addressWrites)
  create(
    @Body(new ZodPipe(createAddressBodySchema)) body: CreateAddressBody,
    @CurrentCaller() caller: Caller,
  ): Promise<Address> {
    return this.addresses.create(caller, body);
  }

  /** Changes an address: the address as saved. */
  @Put(':id')
  @RateLimit(WRITE_LIMITS.addressWrites)
  update(
    @Param(new ZodPipe(addressIdParamsSchema)) params: AddressIdParams,
    @Body(new ZodPipe(updateAddressBodySchema)) body: UpdateAddressBody,
    @CurrentCaller() caller: Caller,
  ): Promise<Address> {
    return this.addresses.update(caller, params.id, body);
  }

  /** Makes an address the default. */
  @Put(':id/set-default')
  @RateLimit(WRITE_LIMITS.addressWrites)
  setDefault(
    @Param(new ZodPipe(addressIdParamsSchema)) params: AddressIdParams,
    @CurrentCaller() caller: Caller,
  ): Promise<AddressBookChange> {
    return this.addresses.setDefault(caller, params.id);
  }

  /** Deletes an address (kept, marked deleted); the default moves to the first remaining one if it was this. */
  @Delete(':id')
  @RateLimit(WRITE_LIMITS.addressWrites)
  remove(
    @Param(new ZodPipe(addressIdParamsSchema)) params: AddressIdParams,
    @CurrentCaller() caller: Caller,
  ): Promise<AddressBookChange> {
    return this.addresses.remove(caller, params.id);
  }
}
