import {
  SIGN_IN_MESSAGES,
  SIGN_UP_MESSAGES,
  TERMS_VERSION,
  USERNAME_PATTERN,
  USERNAME_TEXT_MAX,
  USER_ROLES,
  USER_STATUSES,
} from '@mandi/domain';
import { z } from 'zod';
import { emailSchema, idSchema, messageAnswerSchema, requiredText, uidSchema } from '../common/fields.js';

/** Messages of the auth bodies' technical fields (the client fills them, a person never types them). */
export const AUTH_FIELD_MESSAGES = {
  providerRequired: 'provider is required',
  providerTooLong: 'provider must be at most 50 characters',
  agreedAtInvalid: 'agreedAt must be an ISO 8601 date-time',
  termsVersion: `Terms version must be ${TERMS_VERSION}`,
} as const;

/** When the terms were agreed to, as the client's clock says (the server never records a time in its future). */
const agreedAt = z.iso.datetime({ offset: true, error: AUTH_FIELD_MESSAGES.agreedAtInvalid });
/** The terms version agreed to: only the current one. */
const termsVersion = z.literal(TERMS_VERSION, { error: AUTH_FIELD_MESSAGES.termsVersion });

/** A username to register: 3 to 15 letters, digits and underscore (docs/accounts.md). */
export const usernameSchema = z
  .string({ error: SIGN_UP_MESSAGES.incompleteForm.text })
  .max(USERNAME_TEXT_MAX, { error: SIGN_UP_MESSAGES.invalidUsername.text, abort: true })
  .trim()
  .regex(USERNAME_PATTERN, SIGN_UP_MESSAGES.invalidUsername.text);

/** An e-mail field of the auth calls, with the sign-in page's message. */
const email = emailSchema(SIGN_IN_MESSAGES.invalidEmail);

/**
 * The public address the earlier client looked up and sent. Accepted for compatibility and ignored: the server
 * records the address the request itself came from.
 */
const ipAddress = z.string().trim().max(64).optional();

/** Body of POST /api/auth/oauth-login (the OAuth login payload of docs/accounts.md). */
export const oauthLoginBodySchema = z.object({
  provider: requiredText(AUTH_FIELD_MESSAGES.providerRequired, 50, AUTH_FIELD_MESSAGES.providerTooLong),
  uid: uidSchema,
  email,
  displayName: z.string().trim().max(100).nullish(),
  photoURL: z.string().trim().max(2000).nullish(),
  ipAddress,
  agreedToTerms: z.boolean().optional(),
  agreedAt: agreedAt.optional(),
  termsVersion: termsVersion.optional(),
});
/** Type of {@link oauthLoginBodySchema}. */
export type OauthLoginBody = z.infer<typeof oauthLoginBodySchema>;

/** Answer of the OAuth login: whether the account was just made, and its username. */
export const oauthLoginAnswerSchema = z.object({
  isNewUser: z.boolean(),
  user: z.object({ username: z.string() }),
});
/** Type of {@link oauthLoginAnswerSchema}. */
export type OauthLoginAnswer = z.infer<typeof oauthLoginAnswerSchema>;

/** Query of GET /api/auth/check-username. */
export const checkUsernameQuerySchema = z.object({ username: usernameSchema });
/** Answer of the username check. */
export const checkUsernameAnswerSchema = z.object({ available: z.boolean() });
/** Type of {@link checkUsernameAnswerSchema}. */
export type CheckUsernameAnswer = z.infer<typeof checkUsernameAnswerSchema>;

/** Body of POST /api/auth/send-verification; displayName is the chosen username, reserved for the verification window. */
export const sendVerificationBodySchema = z.object({
  email,
  displayName: usernameSchema,
  uid: uidSchema,
});
/** Type of {@link sendVerificationBodySchema}. */
export type SendVerificationBody = z.infer<typeof sendVerificationBodySchema>;
/** Answer of send-verification: { message } once the mail is queued. */
export const sendVerificationAnswerSchema = messageAnswerSchema;

/** Body of POST /api/user/create-user (the user creation record of docs/accounts.md); the terms must be agreed. */
export const createUserBodySchema = z.object({
  email,
  username: usernameSchema,
  agreedToTerms: z.literal(true, { error: SIGN_UP_MESSAGES.incompleteForm.text }),
  agreedAt,
  ipAddress,
  termsVersion,
});
/** Type of {@link createUserBodySchema}. */
export type CreateUserBody = z.infer<typeof createUserBodySchema>;
/** Answer of create-user (201): the message and our new user id. */
export const createUserAnswerSchema = z.object({ message: z.string(), userId: idSchema });
/** Type of {@link createUserAnswerSchema}. */
export type CreateUserAnswer = z.infer<typeof createUserAnswerSchema>;

/** Query of GET /api/user/user-status and GET /api/user/user-exists. */
export const emailQuerySchema = z.object({ email });
/** Answer of the user-status call. */
export const userStatusAnswerSchema = z.object({ status: z.enum(USER_STATUSES) });
/** Type of {@link userStatusAnswerSchema}. */
export type UserStatusAnswer = z.infer<typeof userStatusAnswerSchema>;
/** Answer of the user-exists call. */
export const userExistsAnswerSchema = z.object({ exists: z.boolean() });
/** Type of {@link userExistsAnswerSchema}. */
export type UserExistsAnswer = z.infer<typeof userExistsAnswerSchema>;

/** Body of POST /api/user/reset-password. */
export const resetPasswordBodySchema = z.object({ email });
/** Type of {@link resetPasswordBodySchema}. */
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
/** Answer of reset-password: the same { message } whether or not the address has an account. */
export const resetPasswordAnswerSchema = messageAnswerSchema;

/** Body of POST /api/user/getUserId. */
export const getUserIdBodySchema = z.object({ uid: uidSchema });
/** Answer of getUserId: our user id and the role. */
export const getUserIdAnswerSchema = z.object({ userId: idSchema, role: z.enum(USER_ROLES) });
/** Type of {@link getUserIdAnswerSchema}. */
export type GetUserIdAnswer = z.infer<typeof getUserIdAnswerSchema>;

/** Path of DELETE /api/user/delete-account/{uid}. */
export const deleteAccountParamsSchema = z.object({ uid: uidSchema });
/** Answer of delete-account: { message }. */
export const deleteAccountAnswerSchema = messageAnswerSchema;

/** Type of {@link checkUsernameQuerySchema}. */
export type CheckUsernameQuery = z.infer<typeof checkUsernameQuerySchema>;

/** Type of {@link emailQuerySchema}. */
export type EmailQuery = z.infer<typeof emailQuerySchema>;

/** Type of {@link getUserIdBodySchema}. */
export type GetUserIdBody = z.infer<typeof getUserIdBodySchema>;

/** Type of {@link deleteAccountParamsSchema}. */
export type DeleteAccountParams = z.infer<typeof deleteAccountParamsSchema>;
