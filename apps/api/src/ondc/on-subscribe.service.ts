import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { ondcOnSubscribe, type OndcOnSubscribeAnswer, type OndcOnSubscribeBody } from '@mandi/contracts';
import { signBytes } from '@mandi/ondc';
import { decryptChallenge } from './on-subscribe.js';

/** Mandi's side of its subscription to ONDC's registry (developer-docs registry/Onboarding of Participants.md). */
@Injectable()
export class OnSubscribeService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The challenge decrypted with Mandi's encryption key and the registry's; 400 for a challenge not for Mandi. */
  answer(body: OndcOnSubscribeBody): OndcOnSubscribeAnswer {
    const ondc = this.config.ondc;
    if (!ondc?.registryEncryptionPublicKey) throw new NotFoundException(`Cannot POST ${ondcOnSubscribe.path}`);
    if (body.subscriber_id !== ondc.subscriberId) {
      throw new BadRequestException({ message: `subscriber_id must be ${ondc.subscriberId}` });
    }
    const answer = decryptChallenge(body.challenge, ondc.encryptionPrivateKey, ondc.registryEncryptionPublicKey);
    if (answer === null) throw new BadRequestException({ message: "The challenge does not decrypt with Mandi's key" });
    return { answer };
  }

  /** The site verification page: the subscribe request's id signed (ed25519, unhashed); null when none is set. */
  siteVerificationPage(): string | null {
    const ondc = this.config.ondc;
    if (!ondc?.subscribeRequestId) return null;
    const signed = signBytes(ondc.subscribeRequestId, ondc.signingPrivateKey);
    return (
      '<!DOCTYPE html>\n<html>\n  <head>\n' +
      `    <meta name="ondc-site-verification" content="${signed}" />\n` +
      '  </head>\n  <body>ONDC Site Verification Page</body>\n</html>\n'
    );
  }
}
