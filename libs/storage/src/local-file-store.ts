import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import {
  assertValidFileKey,
  assertValidPrefix,
  contentTypeOfKey,
  isValidFileKey,
  type FileStore,
  type StoredFile,
} from './file-store.js';

/** URL path under which the API serves the local store's files. */
export const LOCAL_FILES_URL_PREFIX = '/files/';

/**
 * Files in a local folder (FILE_STORE_DIR), served by the API at /files/<key>: the development default and fine for
 * one machine. The content type is the key's extension, which the uploader chose from the checked bytes.
 */
export class LocalFileStore implements FileStore {
  /** Absolute path of the folder. */
  readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(partial, bytes);
        await rename(partial, path);
        return;
      } catch (error) {
        await rm(partial, { force: true });
        // A delete that emptied the folder may remove it between our mkdir and write: make it again.
        if ((error as { code?: unknown }).code !== 'ENOENT' || attempt >= 3) throw error;
      }
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidFileKey(key)) return null;
    try {
      return { bytes: await readFile(this.pathOf(key)), contentType: contentTypeOfKey(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await this.removeEmptyFolder(dirname(path));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    const folder = this.pathOf(prefix.slice(0, -1));
    await rm(folder, { recursive: true, force: true });
    await this.removeEmptyFolder(dirname(folder));
  }

  publicUrl(key: string): string {
    return `${LOCAL_FILES_URL_PREFIX}${key}`;
  }

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(LOCAL_FILES_URL_PREFIX)) return null;
    const key = url.slice(LOCAL_FILES_URL_PREFIX.length);
    return isValidFileKey(key) ? key : null;
  }

  /** The file's path; the key pattern already rules out '..', and the check below keeps it that way. */
  private pathOf(key: string): string {
    assertValidFileKey(key);
    const path = join(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid file key '${key}'`);
    return path;
  }

  /** Leaves no empty folders behind, up to the root; a folder that still holds files stays. */
  private async removeEmptyFolder(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.root + sep); current = dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        // Not empty (or gone already, or a concurrent upload just wrote into it): stop here.
        return;
      }
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}
