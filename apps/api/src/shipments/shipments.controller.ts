import { Body, Controller, Param } from '@nestjs/common';
import {
  handOverShipment,
  orderShipments,
  packShipment,
  type HandOverBody,
  type OrderIdParams,
  type OrderShipment,
  type Shipment,
  type ShipmentParams,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { ShipmentsService } from './shipments.service.js';

/** Sellers' parts of orders (issue 31): the seller's moves from their dashboard, and each order's parts. */
@Controller()
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsService) {}

  @Endpoint(orderShipments)
  ofOrder(@Param() params: OrderIdParams, @CurrentCaller() caller: Caller): Promise<OrderShipment[]> {
    return this.shipments.ofOrder(caller, params.orderId);
  }

  @Endpoint(packShipment)
  pack(@Param() params: ShipmentParams, @CurrentCaller() caller: Caller): Promise<Shipment> {
    return this.shipments.pack(caller, params.uid, params.shipmentId);
  }

  @Endpoint(handOverShipment)
  handOver(
    @Param() params: ShipmentParams,
    @Body() body: HandOverBody,
    @CurrentCaller() caller: Caller,
  ): Promise<Shipment> {
    return this.shipments.handOver(caller, params.uid, params.shipmentId, body);
  }
}
