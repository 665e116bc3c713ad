import { Module } from '@nestjs/common';
import { ProfileViewer } from './profile-viewer.js';
import { ProfilesController } from './profiles.controller.js';
import { ProfilesRepository } from './profiles.repository.js';
import { ProfilesService } from './profiles.service.js';

/** User profiles: seller pages, the profile form and the profile image upload. */
@Module({ controllers: [ProfilesController], providers: [ProfilesService, ProfilesRepository, ProfileViewer] })
export class ProfilesModule {}
