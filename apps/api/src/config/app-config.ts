import { Global, Module } from '@nestjs/common';
import { loadConfig, type AppConfig } from '@mandi/config';

/** Injection token of the validated AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Provides the configuration parsed once at boot; a bad value stops the process before it listens. */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: (): AppConfig => loadConfig() }],
  exports: [APP_CONFIG],
})
export class AppConfigModule {}
