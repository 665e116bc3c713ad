import { Body, Controller, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  PROFILE_IMAGE_MISSING,
  profileParamsSchema,
  profileQuerySchema,
  updateProfileBodySchema,
  type MinimalProfile,
  type ProfileParams,
  type ProfileQuery,
  type UpdateProfileAnswer,
  type UpdateProfileBody,
  type UploadProfileImageAnswer,
  type UserProfile,
} from '@mandi/contracts';
import { DomainError, PROFILE_LIMITS, PROFILE_MESSAGES } from '@mandi/domain';
import { Public } from '../auth/access.decorators.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { WRITE_LIMITS } from '../rate-limit/write-rate-limits.js';
import { readMultipartForm } from '../files/multipart-form.js';
import { checkImages } from '../files/uploaded-image.js';
import { ProfileViewer } from './profile-viewer.js';
import { ProfilesService } from './profiles.service.js';

/** The form field of the profile image upload (spec 000 section 7). */
const PROFILE_IMAGE_FIELD = 'profileImage';

/**
 * User profiles under /api/user-profile. The access guard lets only the user (or an admin) change one: the uid in
 * the path must be the caller's own.
 */
@Controller('user-profile')
export class ProfilesController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly viewer: ProfileViewer,
  ) {}

  /** A seller's public profile; minimal=true answers username, profileImage and city only. */
  @Get('uid/:uid')
  @Public()
  async get(
    @Param(new ZodPipe(profileParamsSchema)) params: ProfileParams,
    @Query(new ZodPipe(profileQuerySchema)) query: ProfileQuery,
    @Req() request: FastifyRequest,
  ): Promise<MinimalProfile | UserProfile> {
    if (query.minimal) return this.profiles.minimal(params.uid);
    return this.profiles.full(params.uid, await this.viewer.of(request));
  }

  /** Saves the profile form (full name 50, bio 200, city 30, the uploaded image or none). */
  @Put('uid/:uid')
  update(
    @Param(new ZodPipe(profileParamsSchema)) params: ProfileParams,
    @Body(new ZodPipe(updateProfileBodySchema)) body: UpdateProfileBody,
  ): Promise<UpdateProfileAnswer> {
    return this.profiles.update(params.uid, body);
  }

  /** Uploads a profile image (multipart field profileImage, 5 MB, checked by its bytes) and records it. */
  @Post('upload-profile/:uid')
  @RateLimit(WRITE_LIMITS.imageUploads)
  async upload(
    @Param(new ZodPipe(profileParamsSchema)) params: ProfileParams,
    @Req() request: FastifyRequest,
  ): Promise<UploadProfileImageAnswer> {
    const form = await readMultipartForm(request, {
      fileFields: [PROFILE_IMAGE_FIELD],
      maxFiles: 1,
      maxFileBytes: PROFILE_LIMITS.imageMaxBytes,
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
