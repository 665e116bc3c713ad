import type { Transaction } from '@mandi/database';
import { domainEvents, type DomainEvent, type EventType } from './events.js';

/**
 * Records `event` in the outbox with the caller's transaction, so the event exists exactly when the
 * change it describes commits. This is the only way to publish: the worker's relay moves committed
 * rows to the queues. Throws (and so rolls the caller back) when the payload is not the event's shape.
 * Returns the outbox id, which becomes the event id consumers deduplicate on.
 */
export async function publish<T extends EventType>(tx: Transaction, event: DomainEvent<T>): Promise<bigint> {
  const definition = domainEvents[event.type];
  const payload: Record<string, number> = definition.payload.parse(event.payload);
  const row = await tx.outboxEvent.create({
    data: { type: event.type, aggregateId: String(payload[definition.aggregate]), payload },
    select: { id: true },
  });
  return row.id;
}
