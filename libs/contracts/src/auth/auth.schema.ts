import { SIGN_IN_MESSAGES, SIGN_UP_MESSAGES, TERMS_VERSION, USERNAME_PATTERN, USER_ROLES, USER_STATUSES } from '@mandi/domain';
import { z } from 'zod';
import { emailSchema, idSchema, isoDateTimeSchema, uidSchema } from '../common/fields.js';

/** A username to register: 3 to 15 letters, digits and underscore (spec 000 section 5). */
export const usernameSchema = z
  .string({ error: SIGN_UP_MESSAGES.incompleteForm.text })
  .trim()
  .regex(USERNAME_PATTERN, SIGN_UP_MESSAGES.invalidUsername.text);

/** An e-mail field of the auth calls, with the sign-in page's message. */
const email = emailSchema(SIGN_IN_MESSAGES.invalidEmail);

/** Where the client got the public address it reports (the server records the request's own address too). */
const ipAddress = z.string().trim().max(64).optional();

/** Body of POST /api/auth/oauth-login (the OAuth login payload of spec 000 section 3). */
export const oauthLoginBodySchema = z.object({
  provider: z.string().trim().min(1).max(50),
  uid: uidSchema,
  email,
  displayName: z.string().trim().max(100).nullish(),
  photoURL: z.string().trim().max(2000).nullish(),
  ipAddress,
  agreedToTerms: z.boolean().optional(),
  agreedAt: isoDateTimeSchema.optional(),
  termsVersion: z.literal(TERMS_VERSION).optional(),
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

/** Body of POST /api/auth/send-verification. */
export const sendVerificationBodySchema = z.object({
  email,
  displayName: z.string().trim().max(100).nullish(),
  uid: uidSchema,
});
/** Type of {@link sendVerificationBodySchema}. */
export type SendVerificationBody = z.infer<typeof sendVerificationBodySchema>;

/** Body of POST /api/user/create-user (the user creation record of spec 000 section 3); the terms must be agreed. */
export const createUserBodySchema = z.object({
  email,
  username: usernameSchema,
  agreedToTerms: z.literal(true, { error: SIGN_UP_MESSAGES.incompleteForm.text }),
  agreedAt: isoDateTimeSchema,
  ipAddress,
  termsVersion: z.literal(TERMS_VERSION, { error: `Terms version must be ${TERMS_VERSION}` }),
});
/** Type of {@link createUserBodySchema}. */
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

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

/** Body of POST /api/user/getUserId. */
export const getUserIdBodySchema = z.object({ uid: uidSchema });
/** Answer of getUserId: our user id and the role. */
export const getUserIdAnswerSchema = z.object({ userId: idSchema, role: z.enum(USER_ROLES) });
/** Type of {@link getUserIdAnswerSchema}. */
export type GetUserIdAnswer = z.infer<typeof getUserIdAnswerSchema>;

/** Path of DELETE /api/user/delete-account/{uid}. */
export const deleteAccountParamsSchema = z.object({ uid: uidSchema });

/** Type of {@link checkUsernameQuerySchema}. */
export type CheckUsernameQuery = z.infer<typeof checkUsernameQuerySchema>;

/** Type of {@link emailQuerySchema}. */
export type EmailQuery = z.infer<typeof emailQuerySchema>;

/** Type of {@link getUserIdBodySchema}. */
export type GetUserIdBody = z.infer<typeof getUserIdBodySchema>;

/** Type of {@link deleteAccountParamsSchema}. */
export type DeleteAccountParams = z.infer<typeof deleteAccountParamsSchema>;
