import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { makeImageVariants } from './image-variants.js';

// The variants of a picture (issue 13): no metadata of the original, and no decoding of a picture past the pixel bound.

/** A PNG of a few hundred bytes whose header declares `width` x `height` grey pixels. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([frame, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * 8))), chunk('IEND', Buffer.alloc(0))]);
}

describe('image variants', () => {
  it('carry no EXIF, GPS or XMP of the original', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 10, g: 120, b: 40 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'FarmPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 12/1' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>')
      .toBuffer();
    const { card, thumb } = await makeImageVariants(photo);
    for (const variant of [card, thumb]) {
      const meta = await sharp(variant).metadata();
      expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ exif: undefined, xmp: undefined, iptc: undefined });
    }
  });

  // 100 megapixels: past our 40, below sharp's own default bound (268), which would try to decode it.
  it('refuses a picture declaring 10000 x 10000 pixels without decoding it', async () => {
    const started = Date.now();
    await expect(makeImageVariants(pngDeclaring(10_000, 10_000))).rejects.toThrow(/pixel limit/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
