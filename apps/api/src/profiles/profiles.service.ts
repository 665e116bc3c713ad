import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  PROFILE_IMAGE_INVALID,
  PROFILE_IMAGE_PLACEHOLDER,
  PROFILE_SAVED,
  type MinimalProfile,
  type UpdateProfileBody,
  type UserProfile,
} from '@mandi/contracts';
import { DomainError, PROFILE_MESSAGES } from '@mandi/domain';
import { FILE_STORE, newFileKey, profileFolder, urlOfKeyOrUrl, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { ProfilesRepository, type ProfileRow } from './profiles.repository.js';

/** An uploaded profile image whose bytes were checked. */
export interface ProfileImageUpload {
  bytes: Buffer;
  extension: string;
  contentType: string;
}

/**
 * User profiles: what seller pages and cards show, the owner's edits, and the profile image upload. An uploaded
 * image is recorded at once (a later save is optional) and the image it replaces is deleted after the commit.
 */
@Injectable()
export class ProfilesService {
  private readonly logger = new Logger(ProfilesService.name);

  constructor(
    private readonly profiles: ProfilesRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** The minimal profile (username, image, city) of a user; 404 for an unknown or deleted one. */
  async minimal(uid: string): Promise<MinimalProfile> {
    return this.toMinimal(await this.find(uid));
  }

  /** The full profile; `role` only for the user themselves and for admins. */
  async full(uid: string, viewer: Caller | null): Promise<UserProfile> {
    const row = await this.find(uid);
    const mayKnowRole = viewer !== null && (viewer.uid === uid || viewer.role === 'admin');
    return this.toFull(row, mayKnowRole);
  }

  /**
   * Saves fullName, bio and city (blank clears them) and, when given, the image: '' or the placeholder removes it,
   * the current image's URL keeps it; any other URL is refused, since the only image of theirs we hold is the one
   * the upload recorded.
   */
  async update(uid: string, body: UpdateProfileBody): Promise<{ message: string; profile: UserProfile }> {
    const userId = (await this.find(uid)).userId;
    const { row, dropped } = await this.profiles.transaction(async (tx) => {
      const current = await this.profiles.lockForChange(tx, userId);
      if (!current) throw new DomainError('not_found', PROFILE_MESSAGES.notFound);
      const image = this.chosenImage(current, body.profileImage);
      await this.profiles.update(tx, userId, {
        fullName: body.fullName ?? null,
        bio: body.bio ?? null,
        city: body.city ?? null,
        profileImage: image,
      });
      return {
        row: {
          ...current,
          fullName: body.fullName ?? null,
          bio: body.bio ?? null,
          city: body.city ?? null,
          profileImage: image,
        },
        dropped: image === current.profileImage ? null : current.profileImage,
      };
    });
    await this.removeUpload(dropped);
    return { message: PROFILE_SAVED, profile: this.toFull(row, true) };
  }

  /** Stores a new profile image under profiles/<userId>/, records it, and deletes the one it replaces. */
  async upload(uid: string, image: ProfileImageUpload): Promise<{ imageUrl: string }> {
    const userId = (await this.find(uid)).userId;
    const key = newFileKey(profileFolder(userId), image.extension);
    await this.files.put(key, image.bytes, image.contentType);
    let replaced: string | null;
    try {
      replaced = await this.profiles.transaction(async (tx) => {
        const current = await this.profiles.lockForChange(tx, userId);
        if (!current) throw new DomainError('not_found', PROFILE_MESSAGES.notFound);
        await this.profiles.update(tx, userId, {
          fullName: current.fullName,
          bio: current.bio,
          city: current.city,
          profileImage: key,
        });
        return current.profileImage;
      });
    } catch (error) {
      await this.removeUpload(key);
      throw error;
    }
    await this.removeUpload(replaced);
    return { imageUrl: this.files.publicUrl(key) };
  }

  private async find(uid: string): Promise<ProfileRow> {
    const row = await this.profiles.findByUid(uid);
    if (!row) throw new DomainError('not_found', PROFILE_MESSAGES.notFound);
    return row;
  }

  /** The image column after an edit (see {@link update}); undefined in the body keeps the current one. */
  private chosenImage(current: ProfileRow, given: string | undefined): string | null {
    if (given === undefined) return current.profileImage;
    if (given === '' || given === PROFILE_IMAGE_PLACEHOLDER) return null;
    if (current.profileImage !== null && given === urlOfKeyOrUrl(this.files, current.profileImage))
      return current.profileImage;
    throw new DomainError('invalid_data', PROFILE_IMAGE_INVALID, { fields: { profileImage: PROFILE_IMAGE_INVALID } });
  }

  /** Deletes an uploaded image that is no longer used; URLs (a Google photo) are not ours to delete. */
  private async removeUpload(value: string | null): Promise<void> {
    if (value === null || urlOfKeyOrUrl(this.files, value) === value) return;
    try {
      await this.files.delete(value);
    } catch (error) {
      this.logger.error({ err: error }, 'Replaced profile image not removed from the file store');
    }
  }

  private toMinimal(row: ProfileRow): MinimalProfile {
    return {
      username: row.username,
      profileImage: row.profileImage === null ? PROFILE_IMAGE_PLACEHOLDER : urlOfKeyOrUrl(this.files, row.profileImage),
      city: row.city,
    };
  }

  private toFull(row: ProfileRow, withRole: boolean): UserProfile {
    return { ...this.toMinimal(row), fullname: row.fullName, bio: row.bio, ...(withRole ? { role: row.role } : {}) };
  }
}
