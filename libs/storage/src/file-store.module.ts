import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { FILE_STORE, type FileStore } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { S3FileStore } from './s3-file-store.js';

/** The file store FILE_STORE names: the local folder or the S3-compatible bucket. */
export function createFileStore(config: AppConfig): FileStore {
  return config.FILE_STORE === 's3' ? new S3FileStore(config) : new LocalFileStore(config.FILE_STORE_DIR);
}

/** Provides {@link FILE_STORE} from APP_CONFIG to the whole API or worker; imported once at the root. */
@Global()
@Module({
  providers: [{ provide: FILE_STORE, inject: [APP_CONFIG], useFactory: createFileStore }],
  exports: [FILE_STORE],
})
export class FileStoreModule {}
