import { type DynamicModule, Global, Module } from '@nestjs/common';
import { loadConfig } from '@mandi/config';
import { DATABASE_URL, PrismaService } from './prisma.service.js';

/** The module behind DatabaseModule.forUrl: no providers of its own, so no second DATABASE_URL. */
@Module({})
class DatabaseAtUrlModule {}

/**
 * Provides PrismaService to the whole application. Import it once in the root module: it connects
 * to DATABASE_URL of the validated configuration. Tests use forUrl, or override DATABASE_URL.
 */
@Global()
@Module({
  providers: [{ provide: DATABASE_URL, useFactory: () => loadConfig().DATABASE_URL }, PrismaService],
  exports: [PrismaService],
})
export class DatabaseModule {
  /** The same module connected to an explicit database, e.g. a test's own database. */
  static forUrl(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseAtUrlModule,
      global: true,
      providers: [{ provide: DATABASE_URL, useValue: databaseUrl }, PrismaService],
      exports: [PrismaService],
    };
  }
}
