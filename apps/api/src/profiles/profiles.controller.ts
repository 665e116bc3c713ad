import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  PROFILE_IMAGE_MISSING,
  updateUserProfile,
  uploadProfileImage,
  userProfile,
  type MinimalProfile,
  type ProfileParams,
  type ProfileQuery,
  type UpdateProfileAnswer,
  type UpdateProfileBody,
  type UploadProfileImageAnswer,
  type UserProfile,
} from '@mandi/contracts';
import { DomainError, PROFILE_MESSAGES } from '@mandi/domain';
import { Endpoint } from '../common/endpoint.decorator.js';
import { readMultipartForm } from '../files/multipart-form.js';
import { checkImages } from '../files/uploaded-image.js';
import { ProfileViewer } from './profile-viewer.js';
import { ProfilesService } from './profiles.service.js';

/** The form field of the profile image upload (docs/accounts.md), and its limits, as the route's entry declares them. */
const PROFILE_IMAGE_FIELD = 'profileImage' satisfies keyof typeof uploadProfileImage.multipart.files;
const PROFILE_IMAGE = uploadProfileImage.multipart.files[PROFILE_IMAGE_FIELD];

/**
 * User profiles under /api/user-profile. The access guard lets only the user (or an admin) change one: the uid in
 * the path must be the caller's own.
 */
@Controller()
export class ProfilesController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly viewer: ProfileViewer,
  ) {}

  /** A seller's public profile; minimal=true answers username, profileImage and city only. */
  @Endpoint(userProfile)
  async get(
    @Param() params: ProfileParams,
    @Query() query: ProfileQuery,
    @Req() request: FastifyRequest,
  ): Promise<MinimalProfile | UserProfile> {
    if (query.minimal) return this.profiles.minimal(params.uid);
    return this.profiles.full(params.uid, await this.viewer.of(request));
  }

  /** Saves the profile form (full name 50, bio 200, city 30, the uploaded image or none). */
  @Endpoint(updateUserProfile)
  update(@Param() params: ProfileParams, @Body() body: UpdateProfileBody): Promise<UpdateProfileAnswer> {
    return this.profiles.update(params.uid, body);
  }

  /** Uploads a profile image (multipart field profileImage, 5 MB, checked by its bytes) and records it. */
  @Endpoint(uploadProfileImage)
  async upload(@Param() params: ProfileParams, @Req() request: FastifyRequest): Promise<UploadProfileImageAnswer> {
    const form = await readMultipartForm(request, {
      fileFields: [PROFILE_IMAGE_FIELD],
      maxFiles: PROFILE_IMAGE.maxFiles,
      maxFileBytes: PROFILE_IMAGE.maxBytes,
      notMultipartMessage: PROFILE_MESSAGES.uploadFailed.text,
      tooManyFilesMessage: PROFILE_MESSAGES.uploadFailed.text,
    });
    const [image] = await checkImages(form.files);
    if (!image) {
      throw new DomainError('invalid_data', PROFILE_IMAGE_MISSING, {
        fields: { [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_MISSING },
      });
    }
    return this.profiles.upload(params.uid, image);
  }
}
