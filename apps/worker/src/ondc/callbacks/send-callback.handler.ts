import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { EventPayload } from '@mandi/events';
import { ondcCallbackSeconds, ondcCallbacks, ondcLateCallbacks } from '../../metrics/worker-metrics.js';
import { HandlesJob, JobHandler, type JobContext } from '../../pipeline/job.handler.js';
import { BuyerAppClient, callbackUrl } from './buyer-app.client.js';
import { OndcCallsRepository, type RecordedAnswer } from './ondc-calls.repository.js';

/**
 * `ondc.send_callback` (docs/ondc.md, "The pipeline", step 3): posts a recorded callback, signed, to the buyer app and
 * records its ACK or NACK with the job's mark. A post nobody answered counts as an attempt and fails the run, so the
 * job is retried with the fast backoff of ONDC_CALLBACK_RETRY (libs/events); the message id stays the same, so a buyer
 * app that got it twice drops the second. A NACK is the buyer app's answer: recorded, not retried.
 */
@Injectable()
@HandlesJob('ondc.send_callback')
export class OndcSendCallbackHandler extends JobHandler<EventPayload<'ondc.callback_ready'>> {
  constructor(
    private readonly calls: OndcCallsRepository,
    private readonly buyerApps: BuyerAppClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async handle({ callId }: EventPayload<'ondc.callback_ready'>, { finish }: JobContext): Promise<void> {
    // Not on the network: nothing is sent anywhere.
    if (!this.config.ondc) return;
    const callback = await this.calls.callback(BigInt(callId));
    if (!callback || callback.ackStatus !== null) return;
    const answer = await this.buyerApps.post(callback, this.config.ondc);
    if (answer.kind === 'failed') {
      ondcCallbacks.inc({ action: callback.action, outcome: 'failed' });
      await this.calls.recordFailedAttempt(callback.id, answer.reason);
      throw new Error(`${callback.action} ${callback.id} to ${callbackUrl(callback)} not answered: ${answer.reason}`);
    }
    let recorded: RecordedAnswer | null = null;
    const done = await finish(async (tx) => {
      recorded = await this.calls.recordAnswer(tx, callback.id, answer);
    });
    if (!done || !recorded) return;
    const { late, secondsSinceRequest } = recorded as RecordedAnswer;
    ondcCallbacks.inc({ action: callback.action, outcome: answer.kind });
    if (late) ondcLateCallbacks.inc({ action: callback.action });
    if (answer.kind === 'ack' && secondsSinceRequest !== null)
      ondcCallbackSeconds.observe({ action: callback.action }, secondsSinceRequest);
  }
}
