import { Injectable } from '@nestjs/common';
import {
  rowIdOf,
  type Address,
  type AddressBookChange,
  type AddressFields,
  type AddressList,
  type CreateAddressBody,
} from '@mandi/contracts';
import {
  ACCESS_MESSAGES,
  ADDRESS_MESSAGES,
  DomainError,
  PROFILE_MESSAGES,
  addressFieldsOf,
  becomesDefault,
  checkAddressLimit,
  defaultAfterDelete,
  matchDirectory,
  type AddressInput,
} from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { PincodesService } from '../pincodes/pincodes.service.js';
import { AddressesRepository, type AddressRow } from './addresses.repository.js';

/** An address as the API answers it (the contract's snake_case names, flags as 1/0, ids as text). */
export function toAddress(row: AddressRow): Address {
  return {
    id: String(row.id),
    ...addressFieldsOf(row),
    is_default: row.is_default ? 1 : 0,
    is_deleted: row.is_deleted ? 1 : 0,
  };
}

/**
 * A user's address book (docs/addresses.md): at most 10 active addresses, exactly one default while any
 * is left (the first address becomes it; deleting it promotes the first remaining one), soft deletion, and every
 * address's state and district checked against its PIN code in the India Post directory. Each change runs in one
 * transaction that holds the owner's user row, so concurrent changes to one book queue up and nothing is half-written.
 * The access guard has checked a userId / user_id named in the call; an address named by id is checked here.
 */
@Injectable()
export class AddressesService {
  constructor(
    private readonly addresses: AddressesRepository,
    private readonly pincodes: PincodesService,
  ) {}

  /** The user's active addresses, oldest first. */
  async list(caller: Caller, userId: string): Promise<AddressList> {
    return (await this.addresses.active(await this.ownerId(caller, userId))).map(toAddress);
  }

  /** Saves a new address: 409 past 10 active ones, 400 naming the field when the directory disagrees. */
  async create(caller: Caller, body: CreateAddressBody): Promise<Address> {
    const userId = await this.ownerId(caller, body.user_id);
    const columns = await this.checkedColumns(body);
    const row = await this.addresses.transaction(async (tx) => {
      if (!(await this.addresses.lockOwner(tx, userId))) throw new DomainError('not_found', PROFILE_MESSAGES.notFound);
      const book = await this.addresses.active(userId, tx);
      const limit = checkAddressLimit(book.length);
      if (limit) throw new DomainError('conflict', `${limit.title}: ${limit.text}`);
      const isDefault = becomesDefault(book.length, body.is_default === 1);
      if (isDefault) await this.addresses.clearDefault(tx, userId);
      return this.addresses.insert(tx, userId, columns, isDefault);
    });
    return toAddress(row);
  }

  /** Replaces an address's fields; is_default 1 also makes it the default (0 leaves the default where it is). */
  async update(caller: Caller, id: string, fields: AddressFields): Promise<Address> {
    const current = await this.ownAddress(caller, id);
    const columns = await this.checkedColumns(fields);
    const row = await this.addresses.transaction(async (tx) => {
      await this.addresses.lockOwner(tx, current.user_id);
      const updated = await this.addresses.update(tx, current.id, columns);
      if (!updated) throw new DomainError('not_found', ADDRESS_MESSAGES.notFound);
      if (fields.is_default !== 1 || updated.is_default) return updated;
      await this.addresses.makeDefault(tx, current.user_id, current.id);
      return { ...updated, is_default: true };
    });
    return toAddress(row);
  }

  /** Makes an address the user's default. */
  async setDefault(caller: Caller, id: string): Promise<AddressBookChange> {
    const current = await this.ownAddress(caller, id);
    await this.addresses.transaction(async (tx) => {
      await this.addresses.lockOwner(tx, current.user_id);
      const address = await this.addresses.find(current.id, tx);
      if (!address || address.is_deleted) throw new DomainError('not_found', ADDRESS_MESSAGES.notFound);
      await this.addresses.makeDefault(tx, current.user_id, current.id);
    });
    return { success: true, message: ADDRESS_MESSAGES.defaultChanged, default_id: String(current.id) };
  }

  /** Deletes an address (the row stays, marked deleted); when it was the default, the first remaining one becomes it. */
  async remove(caller: Caller, id: string): Promise<AddressBookChange> {
    const current = await this.ownAddress(caller, id);
    const defaultId = await this.addresses.transaction(async (tx) => {
      await this.addresses.lockOwner(tx, current.user_id);
      const book = (await this.addresses.active(current.user_id, tx)).map(toAddress);
      if (!book.some((address) => address.id === String(current.id)))
        throw new DomainError('not_found', ADDRESS_MESSAGES.notFound);
      const next = defaultAfterDelete(book, String(current.id));
      await this.addresses.softDelete(tx, current.id);
      if (next !== null && !book.find((address) => address.id === next)?.is_default) {
        await this.addresses.makeDefault(tx, current.user_id, Number(next));
      }
      return next;
    });
    return { success: true, message: ADDRESS_MESSAGES.deleted, default_id: defaultId };
  }

  /** Our id of the book's owner: the caller's own, or (for an admin) a user that exists. */
  private async ownerId(caller: Caller, userId: string): Promise<number> {
    if (userId === String(caller.id)) return caller.id;
    const id = rowIdOf(userId);
    if (id === null || !(await this.addresses.userExists(id)))
      throw new DomainError('not_found', PROFILE_MESSAGES.notFound);
    return id;
  }

  /** An active address of the caller (any user's for an admin): 404 for an unknown or deleted one, 403 for another's. */
  private async ownAddress(caller: Caller, id: string): Promise<AddressRow> {
    const rowId = rowIdOf(id);
    const address = rowId === null ? null : await this.addresses.find(rowId);
    if (!address || address.is_deleted) throw new DomainError('not_found', ADDRESS_MESSAGES.notFound);
    if (address.user_id !== caller.id && caller.role !== 'admin')
      throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    return address;
  }

  /** The fields to save, once the PIN code's post offices agree with the state and district (in their spelling). */
  private async checkedColumns(fields: AddressFields): Promise<AddressInput> {
    const match = matchDirectory(fields, await this.pincodes.offices(fields.pincode));
    if (!match.ok)
      throw new DomainError('invalid_data', match.problem.text, {
        fields: { [match.problem.field]: match.problem.text },
      });
    return { ...addressFieldsOf(fields), state: match.state, district: match.district };
  }
}
