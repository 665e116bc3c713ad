/** A stored file read back: its bytes and the content type it is served with. */
export interface StoredFile {
  readonly bytes: Buffer;
  readonly contentType: string;
}

/**
 * Where product and profile images (and later invoices) live: a local folder served by the API, or an S3-compatible
 * bucket. Keys are relative paths such as `products/12/3f9c....jpg`; every key carries a random part, so a key is
 * never reused and its public URL can be cached forever.
 */
export interface FileStore {
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none (or the key is not one this store could have written). */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; a missing file counts as removed. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which must end with '/'), e.g. all files of one product. */
  deletePrefix(prefix: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
  /** The key behind one of this store's public URLs, or null for any other URL. */
  keyFromUrl(url: string): string | null;
}

/** Injection token of the {@link FileStore} the configuration chose (FILE_STORE=local|s3). */
export const FILE_STORE = Symbol('FILE_STORE');

/**
 * What a key may look like: slash-separated segments of letters, digits, '.', '_' and '-', each starting with a
 * letter or digit. So no '..', no absolute path, nothing a URL would need to escape.
 */
export const FILE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** True when `key` is a key this project writes (see {@link FILE_KEY_PATTERN}). */
export function isValidFileKey(key: string): boolean {
  return key.length <= 255 && FILE_KEY_PATTERN.test(key) && !key.split('/').includes('..');
}

/** Throws unless `key` is a valid key: a bug, never user input, reaches put and delete with a bad one. */
export function assertValidFileKey(key: string): void {
  if (!isValidFileKey(key)) throw new Error(`Invalid file key '${key}'`);
}

/** Throws unless `prefix` is a folder of keys ('products/12/'). */
export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isValidFileKey(prefix.slice(0, -1)))
    throw new Error(`Invalid file key prefix '${prefix}'`);
}

/** Content types by file extension, for stores that keep no metadata of their own (the local folder). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** The content type a key's extension stands for; keys are written with the extension of their checked type. */
export function contentTypeOfKey(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) || 'application/octet-stream';
}

/**
 * The URL of a stored value that is either a key of ours or already a URL (a Google account's photo, an absolute
 * path): keys become the store's public URL, URLs stay as they are.
 */
export function urlOfKeyOrUrl(store: Pick<FileStore, 'publicUrl'>, value: string): string {
  return /^(https?:)?\/\//i.test(value) || value.startsWith('/') ? value : store.publicUrl(value);
}
