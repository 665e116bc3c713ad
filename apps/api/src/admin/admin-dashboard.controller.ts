import { Controller } from '@nestjs/common';
import { adminDashboard, type AdminDashboardAnswer } from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminDashboardService } from './admin-dashboard.service.js';

/** The console's business dashboard. */
@Controller()
export class AdminDashboardController {
  constructor(private readonly dashboard: AdminDashboardService) {}

  @Endpoint(adminDashboard)
  read(): Promise<AdminDashboardAnswer> {
    return this.dashboard.read();
  }
}
