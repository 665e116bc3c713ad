import { PROFILE_LIMITS, PROFILE_MESSAGES, USER_ROLES } from '@mandi/domain';
import { z } from 'zod';
import { optionalText, uidSchema } from '../common/fields.js';

/** The image shown for a user without one (served by the storefront). */
export const PROFILE_IMAGE_PLACEHOLDER = '/images/avatar-placeholder.svg';

/** The answer to a profile image URL that is not one of the user's uploads. */
export const PROFILE_IMAGE_INVALID = 'Invalid profile image';

/** The answer to an upload without a file. */
export const PROFILE_IMAGE_MISSING = 'Please choose an image.';

/** The answer to a saved profile. */
export const PROFILE_SAVED = 'Profile updated successfully.';

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

/** The full profile (docs/accounts.md); role is how the admin pages learn the caller is an admin (docs/accounts.md). */
export const userProfileSchema = minimalProfileSchema.extend({
  fullname: z.string().nullable(),
  bio: z.string().nullable(),
  role: z.enum(USER_ROLES).optional(),
});
/** Type of {@link userProfileSchema}. */
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Body of PUT /api/user-profile/uid/{uid}: full name 50, bio 200, city 30 (docs/accounts.md). */
export const updateProfileBodySchema = z.object({
  fullName: optionalText(PROFILE_LIMITS.fullNameMax, PROFILE_MESSAGES.fullNameTooLong),
  bio: optionalText(PROFILE_LIMITS.bioMax, PROFILE_MESSAGES.bioTooLong),
  city: optionalText(PROFILE_LIMITS.cityMax, PROFILE_MESSAGES.cityTooLong),
  /**
   * The URL the upload call returned (or the current image's URL, unchanged); '' or the placeholder's URL removes the
   * image; absent keeps it.
   */
  profileImage: z.string().trim().max(500, PROFILE_IMAGE_INVALID).optional(),
});
/** Type of {@link updateProfileBodySchema}. */
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Answer of PUT /api/user-profile/uid/{uid}: a message and the profile as saved. */
export const updateProfileAnswerSchema = z.object({ message: z.string(), profile: userProfileSchema });
/** Type of {@link updateProfileAnswerSchema}. */
export type UpdateProfileAnswer = z.infer<typeof updateProfileAnswerSchema>;

/** Answer of POST /api/user-profile/upload-profile/{uid}. */
export const uploadProfileImageAnswerSchema = z.object({ imageUrl: z.string() });
/** Type of {@link uploadProfileImageAnswerSchema}. */
export type UploadProfileImageAnswer = z.infer<typeof uploadProfileImageAnswerSchema>;

/** Type of {@link profileParamsSchema}. */
export type ProfileParams = z.infer<typeof profileParamsSchema>;

/** Type of {@link profileQuerySchema}. */
export type ProfileQuery = z.infer<typeof profileQuerySchema>;
