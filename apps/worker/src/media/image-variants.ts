import sharp from 'sharp';
import { IMAGE_MAX_INPUT_PIXELS } from '@mandi/domain';
import { IMAGE_VARIANTS, type ImageVariant } from '@mandi/storage';

/** WebP quality of the variants: small on a slow phone connection, no visible loss at card size. */
const WEBP_QUALITY = 80;

/**
 * The resized WebP copies of one image: the card (480 px wide, never enlarged) and the thumbnail (160 x 160, cropped
 * to the centre). The photo is turned upright by its EXIF orientation first, as phones store it sideways.
 */
export async function makeImageVariants(original: Buffer): Promise<Record<ImageVariant, Buffer>> {
  // The API refused larger pictures at upload; the bound holds here too, for files that reached the store another way.
  const upright = sharp(original, { failOn: 'error', limitInputPixels: IMAGE_MAX_INPUT_PIXELS }).rotate();
  const [card, thumb] = await Promise.all([
    upright
      .clone()
      .resize({ width: IMAGE_VARIANTS.card.width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(),
    upright
      .clone()
      .resize({
        width: IMAGE_VARIANTS.thumb.width,
        height: IMAGE_VARIANTS.thumb.height,
        fit: 'cover',
        position: 'centre',
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(),
  ]);
  return { card, thumb };
}
