import { Controller } from '@nestjs/common';
import { adminPipeline, type AdminPipelineAnswer } from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminPipelineService } from './admin-pipeline.service.js';

/** The console dashboard's view of the event pipeline. */
@Controller()
export class AdminPipelineController {
  constructor(private readonly pipeline: AdminPipelineService) {}

  @Endpoint(adminPipeline)
  snapshot(): Promise<AdminPipelineAnswer> {
    return this.pipeline.snapshot();
  }
}
