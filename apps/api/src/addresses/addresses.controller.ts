import { Body, Controller, Param } from '@nestjs/common';
import {
  addressesOfUser,
  createAddress,
  deleteAddress,
  setDefaultAddress,
  updateAddress,
  type Address,
  type AddressBookChange,
  type AddressesOfUserParams,
  type AddressIdParams,
  type AddressList,
  type CreateAddressBody,
  type UpdateAddressBody,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AddressesService } from './addresses.service.js';

/**
 * The address book under /api/addresses (docs/addresses.md). The access guard checks a userId or user_id named in
 * the call; the service checks whose an address named by id is.
 */
@Controller()
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  /** The user's active addresses, oldest first. */
  @Endpoint(addressesOfUser)
  list(@Param() params: AddressesOfUserParams, @CurrentCaller() caller: Caller): Promise<AddressList> {
    return this.addresses.list(caller, params.userId);
  }

  /** Saves a new address for user_id: 201 with the address. */
  @Endpoint(createAddress)
  create(@Body() body: CreateAddressBody, @CurrentCaller() caller: Caller): Promise<Address> {
    return this.addresses.create(caller, body);
  }

  /** Changes an address: the address as saved. */
  @Endpoint(updateAddress)
  update(
    @Param() params: AddressIdParams,
    @Body() body: UpdateAddressBody,
    @CurrentCaller() caller: Caller,
  ): Promise<Address> {
    return this.addresses.update(caller, params.id, body);
  }

  /** Makes an address the default. */
  @Endpoint(setDefaultAddress)
  setDefault(@Param() params: AddressIdParams, @CurrentCaller() caller: Caller): Promise<AddressBookChange> {
    return this.addresses.setDefault(caller, params.id);
  }

  /** Deletes an address (kept, marked deleted); the default moves to the first remaining one if it was this. */
  @Endpoint(deleteAddress)
  remove(@Param() params: AddressIdParams, @CurrentCaller() caller: Caller): Promise<AddressBookChange> {
    return this.addresses.remove(caller, params.id);
  }
}
