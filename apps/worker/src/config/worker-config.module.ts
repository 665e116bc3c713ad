import { type DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';

/** Provides the configuration main.ts parsed at boot to every module of the worker (tests pass their own). */
@Module({})
export class WorkerConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerConfigModule,
      global: true,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
