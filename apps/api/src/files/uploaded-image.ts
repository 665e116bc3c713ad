import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MAX_INPUT_PIXELS, WRITE_LIMIT_MESSAGES, fileTooLarge, unsupportedImage } from '@mandi/domain';
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
 * '<file> must be under 5MB'), each an image of an accepted format (415), at most IMAGE_MAX_INPUT_PIXELS (413). The
 * first failing file decides. What is kept is each picture re-encoded without its metadata (see {@link withoutMetadata}).
 */
export async function checkImages(files: readonly FormFile[]): Promise<CheckedImage[]> {
  const tooLarge = files.find((file) => file.tooLarge);
  if (tooLarge) throw new PayloadTooLargeException(fileTooLarge(tooLarge.fileName).text);
  const checked: CheckedImage[] = [];
  for (const file of files) {
    const type = await fileTypeFromBuffer(file.bytes);
    const extension = type ? ACCEPTED_IMAGES[type.mime] : undefined;
    if (!type || !extension) throw new UnsupportedMediaTypeException(unsupportedImage(file.fileName));
    checked.push({
      fileName: file.fileName,
      bytes: await withoutMetadata(file, type.mime),
      extension,
      contentType: type.mime,
    });
  }
  return checked;
}

/**
 * The picture re-encoded in its own format, turned upright by its EXIF orientation, with no metadata: a phone's photo
 * carries where it was taken (a farmer's home), the camera and its owner in EXIF, XMP and IPTC, and sharp writes none
 * of them unless asked (the ICC profile goes too, the pixels converted to sRGB). The size the header declares is
 * checked before anything is decoded, so a few kilobytes declaring 30000 x 30000 pixels are refused at once.
 */
async function withoutMetadata(file: FormFile, mime: string): Promise<Buffer> {
  let pages: number;
  try {
    const header = await sharp(file.bytes, { limitInputPixels: false }).metadata();
    pages = header.pages ?? 1;
    if ((header.width ?? 0) * (header.height ?? 0) * pages > IMAGE_MAX_INPUT_PIXELS) {
      throw new PayloadTooLargeException(WRITE_LIMIT_MESSAGES.imageTooManyPixels(file.fileName));
    }
  } catch (error) {
    if (error instanceof PayloadTooLargeException) throw error;
    throw new UnsupportedMediaTypeException(unsupportedImage(file.fileName));
  }
  const animated = pages > 1;
  // An animation's frames are kept; only single pictures carry a camera's orientation.
  const image = sharp(file.bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error', animated });
  const upright = animated ? image : image.rotate();
  try {
    switch (mime) {
      case 'image/jpeg':
        return await upright.jpeg({ quality: 90 }).toBuffer();
      case 'image/png':
        return await upright.png().toBuffer();
      case 'image/webp':
        return await upright.webp({ quality: 90 }).toBuffer();
      case 'image/gif':
        return await upright.gif().toBuffer();
      default:
        // AVIF: the quickest effort, since every upload waits for it.
        return await upright.avif({ quality: 70, effort: 2 }).toBuffer();
    }
  } catch {
    throw new UnsupportedMediaTypeException(unsupportedImage(file.fileName));
  }
}
