import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { S3FileStore } from './s3-file-store.js';

// The bucket itself is AWS's (or MinIO's) business; these check what we send it and the URLs we make.
describe('S3FileStore', () => {
  const settings = { S3_BUCKET: 'mandi-files', S3_REGION: 'ap-south-1' };

  it('makes public URLs from S3_PUBLIC_URL, the endpoint, or the AWS bucket address, and reads keys back', () => {
    const cdn = new S3FileStore({ ...settings, S3_PUBLIC_URL: 'https://cdn.mandi.example' });
    expect(cdn.publicUrl('products/1/a.jpg')).toBe('https://cdn.mandi.example/products/1/a.jpg');
    expect(cdn.keyFromUrl('https://cdn.mandi.example/products/1/a.jpg')).toBe('products/1/a.jpg');
    expect(cdn.keyFromUrl('/files/products/1/a.jpg')).toBeNull();
    expect(new S3FileStore({ ...settings, S3_ENDPOINT: 'http://127.0.0.1:9000/' }).publicUrl('k.jpg')).toBe(
      'http://127.0.0.1:9000/mandi-files/k.jpg',
    );
    expect(new S3FileStore(settings).publicUrl('k.jpg')).toBe('https://mandi-files.s3.ap-south-1.amazonaws.com/k.jpg');
  });

  it('stores with the content type and a one-year immutable cache', async () => {
    const sent: unknown[] = [];
    const client = { send: async (command: unknown) => void sent.push(command) } as unknown as S3Client;
    await new S3FileStore(settings, client).put('products/1/a.webp', Buffer.from('x'), 'image/webp');
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toMatchObject({
      Bucket: 'mandi-files',
      Key: 'products/1/a.webp',
      ContentType: 'image/webp',
      CacheControl: 'public, max-age=31536000, immutable',
    });
  });
});
