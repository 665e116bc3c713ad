import { Controller, Get } from '@nestjs/common';
import type { AdminDashboardAnswer } from '@mandi/contracts';
import { AdminOnly } from '../auth/access.decorators.js';
import { AdminDashboardService } from './admin-dashboard.service.js';

/** The console's business dashboard. */
@Controller('admin')
@AdminOnly()
export class AdminDashboardController {
  constructor(private readonly dashboard: AdminDashboardService) {}

  @Get('dashboard')
  read(): Promise<AdminDashboardAnswer> {
    return this.dashboard.read();
  }
}
