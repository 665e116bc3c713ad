import { Injectable } from '@nestjs/common';
import {
  ADMIN_ONDC_LIMITS,
  ADMIN_ONDC_MESSAGES,
  rowIdOf,
  type AdminOndcCall,
  type AdminOndcCallDetail,
  type AdminOndcCallList,
  type AdminOndcCallsQuery,
  type AdminOndcOrder,
  type AdminOndcOrderDetail,
  type AdminOndcOrderList,
  type AdminOndcOrdersQuery,
  type AdminOndcSummary,
} from '@mandi/contracts';
import { DomainError, paiseToRupees } from '@mandi/domain';
import {
  AdminOndcRepository,
  type AdminOndcCallDetailRow,
  type AdminOndcCallRow,
  type AdminOndcOrderRow,
} from './admin-ondc.repository.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A call's body as a file: its name and the JSON text. */
export interface OndcCallBodyFile {
  fileName: string;
  body: string;
}

/** A call's id as the path gives it: the table's key is a bigint, so up to 18 digits, never 0. */
const CALL_ID = /^[1-9]\d{0,17}$/;

/**
 * The network in the console (docs/ondc.md, "The console"): the orders that came from ONDC buyer apps, every call and
 * callback with its acknowledgement, and what went wrong in the last 24 hours. Money is paise inside, rupees out.
 */
@Injectable()
export class AdminOndcService {
  constructor(private readonly ondc: AdminOndcRepository) {}

  async orders(query: AdminOndcOrdersQuery): Promise<AdminOndcOrderList> {
    const filter = { bapId: query.bap_id ?? null, transactionId: query.transaction_id ?? null };
    const [rows, total] = await Promise.all([
      this.ondc.orders(filter, (query.page - 1) * ADMIN_ONDC_LIMITS.page),
      this.ondc.orderCount(filter),
    ]);
    return { orders: rows.map(orderOf), total, page: query.page };
  }

  /** A network order and its transaction's calls, oldest first; 404 for an order that did not come from the network. */
  async order(orderId: string): Promise<AdminOndcOrderDetail> {
    const id = rowIdOf(orderId);
    const row = id === null ? null : await this.ondc.order(id);
    if (!row) throw new DomainError('not_found', ADMIN_ONDC_MESSAGES.orderNotFound);
    const [calls, callCount] = await Promise.all([
      this.ondc.transactionCalls(row.transaction_id),
      this.ondc.transactionCallCount(row.transaction_id),
    ]);
    return { order: orderOf(row), calls: calls.map(callOf), call_count: callCount };
  }

  async calls(query: AdminOndcCallsQuery): Promise<AdminOndcCallList> {
    const filter = {
      transactionId: query.transaction_id ?? null,
      action: query.action ?? null,
      direction: query.direction ?? null,
      ack: query.ack ?? null,
      bapId: query.bap_id ?? null,
      late: query.late ?? null,
    };
    const [rows, counted] = await Promise.all([
      this.ondc.calls(filter, (query.page - 1) * ADMIN_ONDC_LIMITS.page),
      this.ondc.callCount(filter),
    ]);
    const capped = counted > ADMIN_ONDC_LIMITS.callsCounted;
    return {
      calls: rows.map(callOf),
      total: capped ? ADMIN_ONDC_LIMITS.callsCounted : counted,
      total_capped: capped,
      page: query.page,
    };
  }

  /** One call with its body (unless too large to show); 404 for no such call (and for a path that names none). */
  async call(callId: string): Promise<AdminOndcCallDetail> {
    const row = CALL_ID.test(callId) ? await this.ondc.call(callId) : null;
    if (!row) throw new DomainError('not_found', ADMIN_ONDC_MESSAGES.callNotFound);
    return callDetailOf(row);
  }

  /** One call's whole body as a JSON file, named by the call; 404 as for the call. */
  async callBody(callId: string): Promise<OndcCallBodyFile> {
    const row = CALL_ID.test(callId) ? await this.ondc.callBody(callId) : null;
    if (!row) throw new DomainError('not_found', ADMIN_ONDC_MESSAGES.callNotFound);
    return { fileName: `ondc-call-${callId}-${row.action.replace(/[^a-z_]/g, '')}.json`, body: row.body };
  }

  async summary(): Promise<AdminOndcSummary> {
    const row = await this.ondc.summary();
    return {
      at: row.at.toISOString(),
      since: row.since.toISOString(),
      calls: row.calls,
      nacks: row.nacks,
      late: row.late,
      awaiting: row.awaiting,
    };
  }
}

function orderOf(row: AdminOndcOrderRow): AdminOndcOrder {
  return {
    order_id: String(row.order_id),
    transaction_id: row.transaction_id,
    ondc_order_id: row.ondc_order_id,
    bap_id: row.bap_id,
    bap_uri: row.bap_uri,
    status: row.status,
    payment_type: row.payment_type,
    collected_by: row.collected_by,
    total: paiseToRupees(row.total_paise),
    finder_fee: paiseToRupees(row.finder_fee_paise),
    finder_fee_type: row.finder_fee_type,
    finder_fee_value: row.finder_fee_value,
    cancel_reason_code: row.cancel_reason_code,
    cancelled_by: row.cancelled_by,
    created_at: row.created_at.toISOString(),
  };
}

function callOf(row: AdminOndcCallRow): AdminOndcCall {
  return {
    id: row.id,
    direction: row.direction,
    action: row.action,
    transaction_id: row.transaction_id,
    message_id: row.message_id,
    bap_id: row.bap_id,
    ack_status: row.ack_status,
    error_code: row.error_code,
    error_message: row.error_message,
    attempts: row.attempts,
    late: row.late,
    due_by: iso(row.due_by),
    answered_at: iso(row.answered_at),
    created_at: row.created_at.toISOString(),
    order_id: row.order_id === null ? null : String(row.order_id),
    reply_to_id: row.reply_to_id,
  };
}

function callDetailOf(row: AdminOndcCallDetailRow): AdminOndcCallDetail {
  return {
    ...callOf(row),
    bap_uri: row.bap_uri,
    unsolicited_key: row.unsolicited_key,
    callback_id: row.callback_id,
    body_bytes: row.body_bytes,
    body: row.body,
    context: row.context,
  };
}
