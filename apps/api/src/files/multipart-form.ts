import type { FastifyRequest } from 'fastify';
import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';

/** A file part of a multipart form, read into memory (its size is capped by `maxFileBytes`). */
export interface FormFile {
  /** The form field it came in ('images', 'newImages', 'profileImage'). */
  readonly field: string;
  /** The name the browser gave it, for messages. */
  readonly fileName: string;
  readonly bytes: Buffer;
  /** True when the file was larger than `maxFileBytes`; `bytes` then holds only its start. */
  readonly tooLarge: boolean;
}

/** A multipart form read whole: its text fields (the last value of a repeated name) and its files in order. */
export interface MultipartForm {
  readonly fields: Record<string, string>;
  readonly files: FormFile[];
  /** Files beyond `maxFiles` were drained unread; how many there were in all. */
  readonly fileCount: number;
}

/** Limits of one form. */
export interface MultipartLimits {
  /** Field names that may carry files; files in other fields are drained and ignored. */
  readonly fileFields: readonly string[];
  /** Files kept in memory; more are counted but not read. */
  readonly maxFiles: number;
  /** Largest file; a larger one is marked tooLarge (its bytes are not kept). */
  readonly maxFileBytes: number;
  /** The answer when the body is not multipart. */
  readonly notMultipartMessage: string;
  /** The answer to a form with more files than the parser takes at all (20). */
  readonly tooManyFilesMessage: string;
}

/** A sane ceiling on parts, so a hostile form cannot keep the parser busy; real forms have about 20. */
const MAX_PARTS = 100;
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Reads a whole multipart form. The body is always read to its end, even past a too-large or surplus file, so the
 * client receives our answer instead of a connection reset in the middle of its upload; the caller then decides
 * (400 for the fields, 413 for the size, 415 for the bytes) with everything known.
 */
export async function readMultipartForm(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeException(limits.notMultipartMessage);
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  let fileCount = 0;
  try {
    const parts = request.parts({
      // A larger file is truncated and flagged, not thrown (throwFileSizeLimit: false where the plugin is registered).
      limits: { fileSize: limits.maxFileBytes, parts: MAX_PARTS, fieldSize: MAX_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!limits.fileFields.includes(part.fieldname) || fileCount >= limits.maxFiles) {
        if (limits.fileFields.includes(part.fieldname)) fileCount += 1;
        part.file.resume();
        await new Promise<void>((resolve) => part.file.once('end', resolve).once('close', resolve));
        continue;
      }
      fileCount += 1;
      const bytes = await part.toBuffer();
      files.push({
        field: part.fieldname,
        fileName: part.filename || part.fieldname,
        bytes,
        tooLarge: part.file.truncated,
      });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw new BadRequestException({ message: limits.tooManyFilesMessage });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new BadRequestException({ message: 'The form has too many parts.' });
    }
    // The parser's own complaints (no boundary, a malformed part, the body ending mid-form) are the client's bad input.
    if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') {
      throw new BadRequestException({ message: (error as Error).message });
    }
    throw error;
  }
  return { fields, files, fileCount };
}
