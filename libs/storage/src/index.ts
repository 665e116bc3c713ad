export * from './file-store.js';
export * from './file-keys.js';
export * from './local-file-store.js';
export * from './s3-file-store.js';
export * from './file-store.module.js';
export * from './testing/hostile-images.js';
