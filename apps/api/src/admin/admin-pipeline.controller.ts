import { Controller, Get } from '@nestjs/common';
import type { AdminPipelineAnswer } from '@mandi/contracts';
import { AdminOnly } from '../auth/access.decorators.js';
import { AdminPipelineService } from './admin-pipeline.service.js';

/** The console dashboard's view of the event pipeline. */
@Controller('admin')
@AdminOnly()
export class AdminPipelineController {
  constructor(private readonly pipeline: AdminPipelineService) {}

  @Get('pipeline')
  snapshot(): Promise<AdminPipelineAnswer> {
    return this.pipeline.snapshot();
  }
}
