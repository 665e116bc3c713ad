// What ONDC's registry sends Mandi while it subscribes (developer-docs registry/Onboarding of Participants.md).
import { z } from 'zod';

/** The registry's on_subscribe: Mandi's subscriber id and a challenge encrypted for Mandi's encryption key. */
export const ondcOnSubscribeBodySchema = z.object({
  subscriber_id: z.string().min(1).max(255),
  challenge: z.string().min(1).max(4096),
});
/** Type of {@link ondcOnSubscribeBodySchema}. */
export type OndcOnSubscribeBody = z.infer<typeof ondcOnSubscribeBodySchema>;

/** Mandi's answer: the challenge decrypted. */
export const ondcOnSubscribeAnswerSchema = z.object({ answer: z.string() });
/** Type of {@link ondcOnSubscribeAnswerSchema}. */
export type OndcOnSubscribeAnswer = z.infer<typeof ondcOnSubscribeAnswerSchema>;
