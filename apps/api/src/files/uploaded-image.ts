import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { fileTooLarge, unsupportedImage } from '@mandi/domain';
import type { FormFile } from './multipart-form.js';

/** An uploaded file whose bytes are an image we accept, with the extension and type its key and headers get. */
export interface CheckedImage {
  readonly fileName: string;
  readonly bytes: Buffer;
  readonly extension: string;
  readonly contentType: string;
}

/** The image formats we accept (what phones and browsers make), by the type file-type reads from the bytes. */
const ACCEPTED_IMAGES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/**
 * Checks uploaded files as the spec asks, by their content and not their name: each at most 5 MB (413 with
 * '<file> must be under 5MB'), each an image of an accepted format (415). The first failing file decides.
 */
export async function checkImages(files: readonly FormFile[]): Promise<CheckedImage[]> {
  const tooLarge = files.find((file) => file.tooLarge);
  if (tooLarge) throw new PayloadTooLargeException(fileTooLarge(tooLarge.fileName).text);
  const checked: CheckedImage[] = [];
  for (const file of files) {
    const type = await fileTypeFromBuffer(file.bytes);
    const extension = type ? ACCEPTED_IMAGES[type.mime] : undefined;
    if (!type || !extension) throw new UnsupportedMediaTypeException(unsupportedImage(file.fileName));
    checked.push({ fileName: file.fileName, bytes: file.bytes, extension, contentType: type.mime });
  }
  return checked;
}
