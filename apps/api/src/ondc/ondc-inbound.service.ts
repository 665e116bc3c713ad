import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { ackBody, checkOndcRequest, nackBody, type OndcAckOrNackBody, type OndcError } from '@mandi/contracts';
import { ONDC_ERRORS, type OndcAction } from '@mandi/domain';
import { parseAuthorizationHeader } from '@mandi/ondc';
import { OndcCallsRepository } from './ondc-calls.repository.js';
import { countOndcCall, type OndcCallOutcome } from './ondc-metrics.js';
import { SenderKeys } from './sender-keys.js';

/** An answer to a network call: its status, ONDC's ACK or NACK body, and headers. */
export interface OndcAnswer {
  status: number;
  body: OndcAckOrNackBody;
  headers?: Record<string, string>;
}

/** The answer where Mandi is not on the network (config.ondc null). */
export const NOT_ON_NETWORK: OndcAnswer = {
  status: 404,
  body: nackBody({ type: 'POLICY-ERROR', code: ONDC_ERRORS.invalidRequest.code, message: 'Not an ONDC seller node' }),
};

/**
 * The calls of buyer apps on Mandi's subscriber URL (docs/ondc.md, "Receiving calls"), in this order: the signature
 * against the sender's key in the registry (401), the context and the payload as RET10 1.2.0 wants them (400),
 * whether the call is still within its ttl (400, 20002), that the signer is the context's bap_id (401); then the call
 * and its `ondc.request_received` event in one statement, and ACK. A retry (same buyer app, action and message id) is
 * acknowledged again and writes nothing; a refusal writes nothing.
 */
@Injectable()
export class OndcInboundService {
  private readonly logger = new Logger(OndcInboundService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: SenderKeys,
    private readonly calls: OndcCallsRepository,
  ) {}

  async receive(action: OndcAction, request: FastifyRequest & { rawBody?: Buffer }): Promise<OndcAnswer> {
    const ondc = this.config.ondc;
    if (!ondc) return NOT_ON_NETWORK;
    const now = Date.now();
    const raw = request.rawBody;
    if (!raw || raw.length === 0) return this.refuse(action, schemaError('', 'the body must be a JSON object'));

    const parts = parseAuthorizationHeader(request.headers.authorization);
    if (!parts) return this.unauthorized(action, ondc.subscriberId, 'no ONDC Authorization header');
    const verdict = await this.keys.verify(parts, raw, now);
    if (!verdict.ok) return this.unauthorized(action, ondc.subscriberId, verdict.detail);

    const check = checkOndcRequest(action, request.body, { subscriberId: ondc.subscriberId, now });
    if (!check.ok) return this.refuse(action, check.error);
    const { context } = check.request;
    if (context.bap_id !== parts.subscriberId) {
      return this.unauthorized(action, ondc.subscriberId, `context.bap_id is not the signer ${parts.subscriberId}`);
    }

    let id: bigint | null;
    try {
      id = await this.calls.recordInbound({
        action,
        transactionId: context.transaction_id,
        messageId: context.message_id,
        bapId: context.bap_id,
        bapUri: context.bap_uri,
        body: raw.toString('utf8'),
        dueBy: check.dueBy,
      });
    } catch (error) {
      // The buyer app may send it again; nothing was written.
      this.logger.error(`ONDC ${action} ${context.message_id} from ${context.bap_id} not recorded: ${String(error)}`);
      return this.answer(action, 'nack', 503, {
        type: 'CORE-ERROR',
        code: ONDC_ERRORS.internalError.code,
        message: `${ONDC_ERRORS.internalError.message}: send the call again`,
      });
    }
    countOndcCall(action, id === null ? 'duplicate' : 'ack');
    return { status: 200, body: ackBody() };
  }

  private refuse(action: OndcAction, error: OndcError): OndcAnswer {
    return this.answer(action, 'nack', 400, error);
  }

  private unauthorized(action: OndcAction, subscriberId: string, message: string): OndcAnswer {
    const answer = this.answer(action, 'unauthorized', 401, {
      type: 'POLICY-ERROR',
      code: ONDC_ERRORS.invalidSignature.code,
      message: `${ONDC_ERRORS.invalidSignature.message}: ${message}`,
    });
    return { ...answer, headers: { 'www-authenticate': wwwAuthenticate(subscriberId) } };
  }

  private answer(action: OndcAction, outcome: OndcCallOutcome, status: number, error: OndcError): OndcAnswer {
    countOndcCall(action, outcome, error.code);
    return { status, body: nackBody(error) };
  }
}

/** ONDC's challenge to a caller without a valid signature (developer-docs, "Auth Header - signing and verification"). */
export function wwwAuthenticate(subscriberId: string): string {
  return `Signature realm="${subscriberId}",headers="(created) (expires) digest"`;
}

function schemaError(path: string, message: string): OndcError {
  return { type: 'JSON-SCHEMA-ERROR', code: ONDC_ERRORS.invalidRequest.code, path, message };
}
