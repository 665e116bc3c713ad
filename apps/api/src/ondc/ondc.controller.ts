import { Body, Controller, NotFoundException, Param, Req, Res, type RawBodyRequest } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ondcCancel,
  ondcConfirm,
  ondcInit,
  ondcInvoiceLink,
  ondcOnSubscribe,
  ondcSearch,
  ondcSelect,
  ondcSiteVerification,
  ondcStatus,
  ondcTrack,
  ondcUpdate,
  type OndcInvoiceLinkParams,
  type OndcOnSubscribeAnswer,
  type OndcOnSubscribeBody,
} from '@mandi/contracts';
import type { OndcAction } from '@mandi/domain';
import { Endpoint } from '../common/endpoint.decorator.js';
import { sendDocument } from '../invoices/send-document.js';
import { OndcDocumentsService } from './ondc-documents.service.js';
import { OndcInboundService } from './ondc-inbound.service.js';
import { OnSubscribeService } from './on-subscribe.service.js';

type NetworkRequest = RawBodyRequest<FastifyRequest>;

/**
 * Mandi's subscriber URL on ONDC, PUBLIC_URL/ondc, outside /api (docs/ondc.md, "Receiving calls"): the eight calls
 * of buyer apps, each read as the raw bytes its sender signed and answered ACK or NACK at once; the registry's
 * on_subscribe challenge; its site verification page at the root; and the signed links of network orders' invoices.
 */
@Controller()
export class OndcController {
  constructor(
    private readonly inbound: OndcInboundService,
    private readonly subscription: OnSubscribeService,
    private readonly documents: OndcDocumentsService,
  ) {}

  @Endpoint(ondcSearch)
  search(@Req() request: NetworkRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.receive('search', request, reply);
  }

  @Endpoint(ondcSelect)
  select(@Req() request: NetworkRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.receive('select', request, reply);
  }

  @Endpoint(ondcInit)
  init(@Req() request: NetworkRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.receive('init', request, reply);
  }

  @Endpoint(ondcConfirm)
  confirm(@Req() request: NetworkRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.receive('confirm', request, reply);
  }

  @Endpoint(ondcStatus)
  status(@Req() request: NetworkRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.receive('status', request, reply);
  }

  @Endpoint(ondcTrack)
  track(@Req() request: NetworkRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.receive('track', request, reply);
  }

  @Endpoint(ondcCancel)
  cancel(@Req() request: NetworkRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.receive('cancel', request, reply);
  }

  @Endpoint(ondcUpdate)
  update(@Req() request: NetworkRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.receive('update', request, reply);
  }

  /** The registry's challenge, answered decrypted; 400 when it is not for Mandi or does not decrypt. */
  @Endpoint(ondcOnSubscribe)
  onSubscribe(@Body() body: OndcOnSubscribeBody): OndcOnSubscribeAnswer {
    return this.subscription.answer(body);
  }

  /** The page the registry reads to check that Mandi's domain holds Mandi's signing key. */
  @Endpoint(ondcSiteVerification)
  async siteVerification(@Res() reply: FastifyReply): Promise<void> {
    const page = this.subscription.siteVerificationPage();
    if (page === null) throw new NotFoundException(`Cannot GET ${ondcSiteVerification.path}`);
    await reply.type('text/html; charset=utf-8').send(page);
  }

  /** A network order's invoice at the signed link its on_status carries; 404 for any link that is not Mandi's. */
  @Endpoint(ondcInvoiceLink)
  async invoiceLink(@Param() params: OndcInvoiceLinkParams, @Res() reply: FastifyReply): Promise<void> {
    const invoice = await this.documents.invoice(params);
    if (invoice === null) throw new NotFoundException('No such invoice');
    await sendDocument(reply, invoice);
  }

  private async receive(action: OndcAction, request: NetworkRequest, reply: FastifyReply): Promise<void> {
    const answer = await this.inbound.receive(action, request);
    await reply
      .status(answer.status)
      .headers(answer.headers ?? {})
      .send(answer.body);
  }
}
