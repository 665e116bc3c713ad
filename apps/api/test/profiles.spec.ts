import { rmSync } from 'node:fs';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer, filesIn, multipart, picture, tempFileStore } from './catalog.testing.js';

// User profiles: seller pages, the profile form and the profile image upload (docs/accounts.md).

describe('user profiles', () => {
  let api: ApiHarness;
  let dir: string;
  let owner: TestUser;
  let jpeg: Buffer;

  beforeAll(async () => {
    dir = tempFileStore();
    api = await ApiHarness.start({ FILE_STORE_DIR: dir });
    owner = await api.newUser();
    await api.db.prisma.profile.create({
      data: { userId: owner.id, fullName: 'Asha Patil', bio: 'Grapes from Nashik', city: 'Nashik' },
    });
    jpeg = await picture('jpeg', 320);
  });
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const username = (user: TestUser) => `u_${user.uid.slice(0, 12)}`;
  const getProfile = (uid: string, query = '', headers: Record<string, string> = {}) =>
    api.request({ method: 'GET', url: `/api/user-profile/uid/${uid}${query}`, headers });
  const putProfile = (caller: TestUser, uid: string, payload: Record<string, string>) =>
    api.request({ method: 'PUT', url: `/api/user-profile/uid/${uid}`, headers: bearer(caller), payload });
  const upload = (caller: TestUser, uid: string, file: { name: string; bytes: Buffer }) =>
    api.request({
      method: 'POST',
      url: `/api/user-profile/upload-profile/${uid}`,
      headers: bearer(caller),
      payload: multipart({}, [{ ...file, field: 'profileImage' }]),
    });

  describe('GET /api/user-profile/uid/{uid}', () => {
    it('answers the minimal profile with the placeholder image when there is none', async () => {
      const response = await getProfile(owner.uid, '?minimal=true');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        username: username(owner),
        profileImage: '/images/avatar-placeholder.svg',
        city: 'Nashik',
      });
    });

    it('answers the full profile, with the role only to the user themselves and to admins', async () => {
      const full = {
        username: username(owner),
        profileImage: '/images/avatar-placeholder.svg',
        city: 'Nashik',
        fullname: 'Asha Patil',
        bio: 'Grapes from Nashik',
      };
      expect((await getProfile(owner.uid)).json()).toEqual(full);
      const stranger = await api.newUser();
      expect((await getProfile(owner.uid, '', bearer(stranger))).json()).toEqual(full);
      expect((await getProfile(owner.uid, '', { authorization: 'Bearer not-a-token' })).json()).toEqual(full);
      expect((await getProfile(owner.uid, '', bearer(owner))).json()).toEqual({ ...full, role: 'user' });
      const admin = await api.newUser({ role: 'admin' });
      expect((await getProfile(owner.uid, '', bearer(admin))).json()).toEqual({ ...full, role: 'user' });
      expect((await getProfile(admin.uid, '', bearer(admin))).json()).toMatchObject({
        role: 'admin',
        fullname: null,
        city: null,
      });
    });

    it('answers 404 for an unknown or deleted user', async () => {
      expect((await getProfile('no-such-uid')).statusCode).toBe(404);
      const gone = await api.newUser();
      await api.db.prisma.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
      const response = await getProfile(gone.uid, '?minimal=true');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User not found.');
    });
  });

  describe('PUT /api/user-profile/uid/{uid}', () => {
    it('saves full name, bio and city for the owner', async () => {
      const user = await api.newUser();
      const response = await putProfile(user, user.uid, {
        fullName: ' Ravi Kumar ',
        bio: 'Mangoes',
        city: 'Ratnagiri',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Profile updated successfully.',
        profile: {
          username: username(user),
          profileImage: '/images/avatar-placeholder.svg',
          city: 'Ratnagiri',
          fullname: 'Ravi Kumar',
          bio: 'Mangoes',
          role: 'user',
        },
      });
      expect((await getProfile(user.uid, '?minimal=true')).json().city).toBe('Ratnagiri');
    });

    it.each([
      [{ fullName: 'f'.repeat(51) }, 'Full name must be at most 50 characters.'],
      [{ bio: 'b'.repeat(201) }, 'Bio must be at most 200 characters.'],
      [{ city: 'c'.repeat(31) }, 'City must be at most 30 characters.'],
    ])('refuses %j with 400 and %p', async (body, message) => {
      const response = await putProfile(owner, owner.uid, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it("refuses another user's profile with 403; an admin may edit it", async () => {
      const stranger = await api.newUser();
      const target = await api.newUser();
      expect((await putProfile(stranger, target.uid, { city: 'Pune' })).statusCode).toBe(403);
      const admin = await api.newUser({ role: 'admin' });
      const byAdmin = await putProfile(admin, target.uid, { city: 'Pune' });
      expect(byAdmin.statusCode).toBe(200);
      expect((await getProfile(target.uid, '?minimal=true')).json().city).toBe('Pune');
    });

    it('accepts only the uploaded image of the user, or none', async () => {
      const user = await api.newUser();
      const { imageUrl } = (await upload(user, user.uid, { name: 'me.jpg', bytes: jpeg })).json();

      const foreign = await putProfile(user, user.uid, { city: 'Pune', profileImage: 'https://evil.example/x.jpg' });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({
        message: 'Invalid profile image',
        fields: { profileImage: 'Invalid profile image' },
      });
      const other = await api.newUser();
      const { imageUrl: theirs } = (await upload(other, other.uid, { name: 'o.jpg', bytes: jpeg })).json();
      expect((await putProfile(user, user.uid, { profileImage: theirs })).statusCode).toBe(400);

      const kept = await putProfile(user, user.uid, { city: 'Pune', profileImage: imageUrl });
      expect(kept.json().profile.profileImage).toBe(imageUrl);
      expect(filesIn(dir)).toContain(imageUrl.replace('/files/', ''));

      const removed = await putProfile(user, user.uid, { city: 'Pune', profileImage: '' });
      expect(removed.json().profile.profileImage).toBe('/images/avatar-placeholder.svg');
      expect(filesIn(dir)).not.toContain(imageUrl.replace('/files/', ''));
    });
  });

  describe('POST /api/user-profile/upload-profile/{uid}', () => {
    it('stores the image under profiles/<userId>/, records it, serves it, and deletes the one it replaces', async () => {
      const user = await api.newUser();
      const first = await upload(user, user.uid, { name: 'me.jpg', bytes: jpeg });
      expect(first.statusCode).toBe(201);
      const firstUrl = first.json().imageUrl;
      expect(firstUrl).toMatch(new RegExp(`^/files/profiles/${user.id}/[0-9a-f]{24}\\.jpg$`));
      expect((await getProfile(user.uid, '?minimal=true')).json().profileImage).toBe(firstUrl);
      const served = await fetch(`${api.baseUrl}${firstUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      const png = await picture('png', 200);
      const second = (await upload(user, user.uid, { name: 'me.png', bytes: png })).json().imageUrl;
      expect(second).toMatch(/\.png$/);
      expect(filesIn(dir).filter((key) => key.startsWith(`profiles/${user.id}/`))).toEqual([
        second.replace('/files/', ''),
      ]);
      // Product cards show the seller's uploaded image too.
      expect((await getProfile(user.uid)).json().profileImage).toBe(second);
    });

    it('refuses a file over 5 MB (413), a file that is not an image (415), and another user (403), storing nothing', async () => {
      const user = await api.newUser();
      const before = filesIn(dir);
      const big = await upload(user, user.uid, {
        name: 'big.jpg',
        bytes: Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024)]),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('big.jpg must be under 5MB');
      const text = await upload(user, user.uid, {
        name: 'cv.jpg',
        bytes: Buffer.from('hello, this is text'.repeat(10)),
      });
      expect(text.statusCode).toBe(415);
      const stranger = await api.newUser();
      expect((await upload(stranger, user.uid, { name: 'me.jpg', bytes: jpeg })).statusCode).toBe(403);
      expect(filesIn(dir)).toEqual(before);
      expect((await getProfile(user.uid, '?minimal=true')).json().profileImage).toBe('/images/avatar-placeholder.svg');
    });
  });
});
