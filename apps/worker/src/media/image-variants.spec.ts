import sharp from 'sharp';
import { pngDeclaring } from '@mandi/storage';
import { makeImageVariants } from './image-variants.js';

// The variants of a picture (issue 13): no metadata of the original, and no decoding of a picture past the pixel bound.

describe('image variants', () => {
  it('carry no EXIF, GPS or XMP of the original', async () => {
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 10, g: 120, b: 40 } },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'FarmPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 12/1' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>')
      .toBuffer();
    const { card, thumb } = await makeImageVariants(photo);
    for (const variant of [card, thumb]) {
      const meta = await sharp(variant).metadata();
      expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
      });
    }
  });

  // 100 megapixels: past our 40, below sharp's own default bound (268), which would try to decode it.
  it('refuses a picture declaring 10000 x 10000 pixels without decoding it', async () => {
    const started = Date.now();
    await expect(makeImageVariants(pngDeclaring(10_000, 10_000))).rejects.toThrow(/pixel limit/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
