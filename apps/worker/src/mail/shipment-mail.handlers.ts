import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { EventPayload } from '@mandi/events';
import { Mailer, MailTemplates } from '@mandi/mail';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { ShipmentMailsRepository, type ShipmentForMail } from './shipment-mails.repository.js';

type Step = 'packed' | 'handed_over';
type Recipient = 'buyer' | 'seller';

/**
 * The mails of a seller's shipment (issue 31, docs/shipments.md): at each step (packed, handed over) the buyer is told
 * which part moved and, once handed over, how it travels; the seller gets the record of their own step. One job per
 * mail, so a retry of one never resends the other. Nothing for a cancelled part or a deleted account.
 */
@Injectable()
export class ShipmentMails {
  constructor(
    private readonly shipments: ShipmentMailsRepository,
    private readonly mailer: Mailer,
    private readonly templates: MailTemplates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(shipmentId: number, step: Step, recipient: Recipient): Promise<void> {
    const shipment = await this.shipments.find(shipmentId);
    const to = shipment?.[recipient];
    if (!shipment || !to || shipment.status === 'cancelled') return;
    // A 'handed over' mail only once it is; a late 'packed' mail for a part already handed over still tells the truth.
    if (step === 'handed_over' && shipment.status !== 'handed_over') return;
    const t = this.templates.translator(to.language);
    const orderNumber = `#${shipment.orderId}`;
    const subjectKey = {
      buyer: { packed: 'mail.subject.shipmentPacked', handed_over: 'mail.subject.shipmentHandedOver' },
      seller: { packed: 'mail.subject.sellerShipmentPacked', handed_over: 'mail.subject.sellerShipmentHandedOver' },
    }[recipient][step];
    const subject = t.t(subjectKey, { orderNumber });
    const body = this.templates.render(
      `shipment-${recipient}`,
      this.view(shipment, step, to.username, subject, recipient),
      t,
    );
    await this.mailer.send({ to: to.email, subject, ...body });
  }

  private view(shipment: ShipmentForMail, step: Step, username: string, subject: string, recipient: Recipient) {
    const link =
      recipient === 'buyer'
        ? `${this.config.PUBLIC_URL}/order/${shipment.orderId}`
        : `${this.config.PUBLIC_URL}/seller-dashboard`;
    return {
      subject,
      username,
      orderNumber: `#${shipment.orderId}`,
      sellerName: shipment.sellerName,
      lines: shipment.lines,
      handedOver: step === 'handed_over',
      selfDelivery: shipment.selfDelivery,
      carrier: shipment.carrier,
      tracking: shipment.tracking,
      link,
    };
  }
}

@Injectable()
@HandlesJob('mail.buyer_shipment_packed')
export class BuyerShipmentPackedMailHandler extends JobHandler<EventPayload<'shipment.packed'>> {
  constructor(private readonly mails: ShipmentMails) {
    super();
  }
  handle({ shipmentId }: EventPayload<'shipment.packed'>): Promise<void> {
    return this.mails.send(shipmentId, 'packed', 'buyer');
  }
}

@Injectable()
@HandlesJob('mail.seller_shipment_packed')
export class SellerShipmentPackedMailHandler extends JobHandler<EventPayload<'shipment.packed'>> {
  constructor(private readonly mails: ShipmentMails) {
    super();
  }
  handle({ shipmentId }: EventPayload<'shipment.packed'>): Promise<void> {
    return this.mails.send(shipmentId, 'packed', 'seller');
  }
}

@Injectable()
@HandlesJob('mail.buyer_shipment_handed_over')
export class BuyerShipmentHandedOverMailHandler extends JobHandler<EventPayload<'shipment.handed_over'>> {
  constructor(private readonly mails: ShipmentMails) {
    super();
  }
  handle({ shipmentId }: EventPayload<'shipment.handed_over'>): Promise<void> {
    return this.mails.send(shipmentId, 'handed_over', 'buyer');
  }
}

@Injectable()
@HandlesJob('mail.seller_shipment_handed_over')
export class SellerShipmentHandedOverMailHandler extends JobHandler<EventPayload<'shipment.handed_over'>> {
  constructor(private readonly mails: ShipmentMails) {
    super();
  }
  handle({ shipmentId }: EventPayload<'shipment.handed_over'>): Promise<void> {
    return this.mails.send(shipmentId, 'handed_over', 'seller');
  }
}

/** Every provider of the shipment mails, for the mail module. */
export const SHIPMENT_MAIL_PROVIDERS = [
  ShipmentMailsRepository,
  ShipmentMails,
  BuyerShipmentPackedMailHandler,
  SellerShipmentPackedMailHandler,
  BuyerShipmentHandedOverMailHandler,
  SellerShipmentHandedOverMailHandler,
];
