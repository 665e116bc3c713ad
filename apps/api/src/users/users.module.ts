import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** Account calls under /api/user; the account's life (creation, reset, deletion) comes from AccountsModule. */
@Module({ imports: [AccountsModule], controllers: [UsersController], providers: [UsersService, UsersRepository] })
export class UsersModule {}
