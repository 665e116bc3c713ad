import {
  checkUsernameAnswerSchema,
  checkUsernameQuerySchema,
  createUserAnswerSchema,
  createUserBodySchema,
  deleteAccountAnswerSchema,
  deleteAccountParamsSchema,
  emailQuerySchema,
  getUserIdAnswerSchema,
  getUserIdBodySchema,
  oauthLoginAnswerSchema,
  oauthLoginBodySchema,
  resetPasswordAnswerSchema,
  resetPasswordBodySchema,
  sendVerificationAnswerSchema,
  sendVerificationBodySchema,
  userExistsAnswerSchema,
  userStatusAnswerSchema,
} from '../../auth/auth.schema.js';
import { accountLanguageBodySchema } from '../../accounts/account-language.schema.js';
import { messageAnswerSchema } from '../../common/fields.js';
import { contactBodySchema } from '../../contact/contact.schema.js';
import { showInterestBodySchema } from '../../sellers/seller.schema.js';
import type { ApiRoute } from '../api-route.js';

/* Sign-up, sign-in, account look-ups and deletion, seller interest and the contact form. */

export const checkUsername = {
  method: 'GET',
  path: '/api/auth/check-username',
  tag: 'Accounts',
  summary: 'Whether a username (checked against the username rules) is free',
  access: 'public',
  query: checkUsernameQuerySchema,
  answers: { 200: { description: 'Free or taken', schema: checkUsernameAnswerSchema } },
  errors: [],
} satisfies ApiRoute;

export const sendVerification = {
  method: 'POST',
  path: '/api/auth/send-verification',
  tag: 'Accounts',
  summary: 'Reserves the chosen username for the verification window and queues the verification mail',
  access: 'identity',
  rateLimit: 'sendVerification',
  body: sendVerificationBodySchema,
  answers: { 200: { description: 'Mail queued', schema: sendVerificationAnswerSchema } },
  errors: [409],
} satisfies ApiRoute;

export const oauthLogin = {
  method: 'POST',
  path: '/api/auth/oauth-login',
  tag: 'Accounts',
  summary: 'Sign-in with an identity provider (Google)',
  access: 'identity',
  body: oauthLoginBodySchema,
  answers: {
    201: { description: 'The account was made', schema: oauthLoginAnswerSchema },
    200: { description: 'A returning user', schema: oauthLoginAnswerSchema },
  },
  errors: [409],
} satisfies ApiRoute;

export const createUser = {
  method: 'POST',
  path: '/api/user/create-user',
  tag: 'Accounts',
  summary: 'The user record of a verified identity',
  access: 'identity',
  body: createUserBodySchema,
  answers: { 201: { description: 'Made', schema: createUserAnswerSchema } },
  errors: [409],
} satisfies ApiRoute;

export const userStatus = {
  method: 'GET',
  path: '/api/user/user-status',
  tag: 'Accounts',
  summary: "'active' or 'suspended' for an account's e-mail (limited against enumeration)",
  access: 'public',
  rateLimit: 'accountLookup',
  query: emailQuerySchema,
  answers: { 200: { description: 'The account status', schema: userStatusAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const userExists = {
  method: 'GET',
  path: '/api/user/user-exists',
  tag: 'Accounts',
  summary: 'Whether an account has this e-mail (limited against enumeration)',
  access: 'public',
  rateLimit: 'accountLookup',
  query: emailQuerySchema,
  answers: { 200: { description: 'Exists or not', schema: userExistsAnswerSchema } },
  errors: [],
} satisfies ApiRoute;

export const resetPassword = {
  method: 'POST',
  path: '/api/user/reset-password',
  tag: 'Accounts',
  summary: 'Queues a password-reset mail for an active account; the same answer for any address',
  access: 'public',
  rateLimit: 'passwordReset',
  body: resetPasswordBodySchema,
  answers: { 200: { description: 'Accepted', schema: resetPasswordAnswerSchema } },
  errors: [],
} satisfies ApiRoute;

export const getUserId = {
  method: 'POST',
  path: '/api/user/getUserId',
  tag: 'Accounts',
  summary: "Our user id and role for a uid: the caller's own, or any for an admin",
  access: 'user',
  body: getUserIdBodySchema,
  answers: { 200: { description: 'Id and role', schema: getUserIdAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const deleteAccount = {
  method: 'DELETE',
  path: '/api/user/delete-account/{uid}',
  tag: 'Accounts',
  summary: "Deletes the account of uid: the owner's own, or any for an admin",
  access: 'user',
  params: deleteAccountParamsSchema,
  answers: { 200: { description: 'Deleted', schema: deleteAccountAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const showSellerInterest = {
  method: 'POST',
  path: '/api/seller/show-interest',
  tag: 'Sellers',
  summary: "Records the caller's interest in selling",
  access: 'user',
  body: showInterestBodySchema,
  answers: {
    201: { description: 'Recorded', schema: messageAnswerSchema },
    200: { description: 'Recorded before', schema: messageAnswerSchema },
  },
  errors: [],
} satisfies ApiRoute;

export const contactUs = {
  method: 'POST',
  path: '/api/contact',
  tag: 'Contact',
  summary: 'A message to the team, a few times per address',
  access: 'public',
  rateLimit: 'contact',
  body: contactBodySchema,
  answers: { 201: { description: 'Sent', schema: messageAnswerSchema } },
  errors: [],
} satisfies ApiRoute;

export const setAccountLanguage = {
  method: 'PUT',
  path: '/api/account/language',
  tag: 'Accounts',
  summary: "Saves the language of the caller's own mails and documents ('en' or 'hi'; issue 18)",
  access: 'user',
  body: accountLanguageBodySchema,
  answers: { 204: { description: 'Saved' } },
  errors: [],
} satisfies ApiRoute;
