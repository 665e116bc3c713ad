import { PROFILE_LIMITS, PROFILE_MESSAGES, USER_ROLES } from '@mandi/domain';
import { z } from 'zod';
import { optionalText, uidSchema } from '../common/fields.js';

/** Path of the user-profile calls. */
export const profileParamsSchema = z.object({ uid: uidSchema });

/** Query of GET /api/user-profile/uid/{uid}: minimal=true answers only username, profileImage and city. */
export const profileQuerySchema = z.object({
  minimal: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** The minimal profile shown on seller cards and the product page. */
export const minimalProfileSchema = z.object({
  username: z.string(),
  profileImage: z.string(),
  city: z.string().nullable(),
});
/** Type of {@link minimalProfileSchema}. */
export type MinimalProfile = z.infer<typeof minimalProfileSchema>;

/** The full profile (spec 000 section 3); role is how the admin pages learn the caller is an admin (001 section 7). */
export const userProfileSchema = minimalProfileSchema.extend({
  fullname: z.string().nullable(),
  bio: z.string().nullable(),
  role: z.enum(USER_ROLES).optional(),
});
/** Type of {@link userProfileSchema}. */
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Body of PUT /api/user-profile/uid/{uid}: full name 50, bio 200, city 30 (spec 000 section 5). */
export const updateProfileBodySchema = z.object({
  fullName: optionalText(PROFILE_LIMITS.fullNameMax, PROFILE_MESSAGES.fullNameTooLong),
  bio: optionalText(PROFILE_LIMITS.bioMax, PROFILE_MESSAGES.bioTooLong),
  city: optionalText(PROFILE_LIMITS.cityMax, PROFILE_MESSAGES.cityTooLong),
  /** URL returned by the upload call. */
  profileImage: optionalText(500, 'Invalid profile image'),
});
/** Type of {@link updateProfileBodySchema}. */
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Answer of POST /api/user-profile/upload-profile/{uid}. */
export const uploadProfileImageAnswerSchema = z.object({ imageUrl: z.string() });
/** Type of {@link uploadProfileImageAnswerSchema}. */
export type UploadProfileImageAnswer = z.infer<typeof uploadProfileImageAnswerSchema>;

/** Type of {@link profileParamsSchema}. */
export type ProfileParams = z.infer<typeof profileParamsSchema>;

/** Type of {@link profileQuerySchema}. */
export type ProfileQuery = z.infer<typeof profileQuerySchema>;
