import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

const me = () => fakeIdentity(identityUser('uid-me', 'me@mandi.test'));
const profile = {
  username: 'kisan_raju',
  profileImage: '/images/avatar-placeholder.svg',
  city: 'Nashik',
  fullname: 'Raju Patil',
  bio: 'Grapes and onions.',
};
const post = (id: number, name: string) => ({ id, uid: 'uid-me', name, price: 60, images: [], description: 'Fresh.' });

function openProfile(answers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
    [routeKey('userProfile', { params: { uid: 'uid-me' } })]: { body: profile },
    [routeKey('productsOfSeller', { params: { uid: 'uid-me' } })]: {
      body: [post(1, 'Thompson Grapes'), post(2, 'Red Onions')],
    },
    ...answers,
  });
  return { ...api, ...renderApp('/profilepage', { identity: me() }) };
}

describe('own profile page', () => {
  it('shows the profile with the post count (CurrentItems) and the posts', async () => {
    openProfile();
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(details).toHaveTextContent('@kisan_raju');
    expect(details).toHaveTextContent('Raju Patil');
    expect(details).toHaveTextContent('Nashik');
    expect(details).toHaveTextContent('Grapes and onions.');
    await waitFor(() => expect(details).toHaveTextContent('2 current items'));
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('edits full name, bio and city (Edit, Cancel, Save) with PUT and leaves edit mode', async () => {
    const { calls } = openProfile({
      [routeKey('updateUserProfile', { params: { uid: 'uid-me' } })]: { body: { message: 'Profile updated' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));

    const fullName = screen.getByLabelText('Full name');
    expect(fullName).toHaveValue('Raju Patil');
    expect(fullName).toHaveAttribute('maxLength', '50');
    expect(screen.getByLabelText('Bio')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('City')).toHaveAttribute('maxLength', '30');

    await userEvent.clear(fullName);
    await userEvent.type(fullName, 'Something else');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your details' })).toHaveTextContent('Raju Patil');

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Raju Patil');
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), '  Pune ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByLabelText('City')).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(routeUrl('updateUserProfile', { params: { uid: 'uid-me' } }));
    expect(JSON.parse(String(put.init!.body))).toEqual({
      fullName: 'Raju Patil',
      bio: 'Grapes and onions.',
      city: 'Pune',
      profileImage: '/images/avatar-placeholder.svg',
    });
  });

  it("says 'Update Failed' and stays in edit mode when saving fails", async () => {
    openProfile({
      [routeKey('updateUserProfile', { params: { uid: 'uid-me' } })]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Update Failed' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
  });

  it('shows the chosen picture while it uploads, then saves its URL; a file over 5 MB is refused', async () => {
    let answer!: (value: { body: unknown }) => void;
    const { calls } = openProfile({
      [routeKey('uploadProfileImage', { params: { uid: 'uid-me' } })]: () =>
        new Promise((resolve) => (answer = resolve)),
      [routeKey('updateUserProfile', { params: { uid: 'uid-me' } })]: { body: { message: 'ok' } },
    });
    await screen.findByRole('region', { name: 'Your details' });

    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Profile picture'), { target: { files: [huge] } });
    const tooBig = await screen.findByRole('dialog', { name: 'Upload Failed' });
    expect(tooBig).toHaveTextContent('huge.png must be under 5MB');
    await userEvent.click(within(tooBig).getByRole('button', { name: 'OK' }));

    fireEvent.change(screen.getByLabelText('Profile picture'), {
      target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByRole('img', { name: 'New profile picture, uploading' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    const uploadCall = calls.find(
      (call) => call.url === routeUrl('uploadProfileImage', { params: { uid: 'uid-me' } }),
    )!;
    expect((uploadCall.init!.body as FormData).get('profileImage')).toBeInstanceOf(File);

    answer({ body: { imageUrl: '/files/profiles/uid-me/new.webp' } });
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((call) => call.method === 'PUT')!.init!.body)).profileImage).toBe(
      '/files/profiles/uid-me/new.webp',
    );
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'New profile picture, uploading' })).not.toBeInTheDocument(),
    );
  });

  it("says 'Upload Failed' when the upload call fails", async () => {
    openProfile({
      [routeKey('uploadProfileImage', { params: { uid: 'uid-me' } })]: {
        status: 415,
        body: { statusCode: 415, error: 'Unsupported Media Type', message: 'Only images can be uploaded.' },
      },
    });
    await screen.findByRole('region', { name: 'Your details' });
    fireEvent.change(screen.getByLabelText('Profile picture'), {
      target: { files: [new File(['x'], 'doc.jpg', { type: 'image/jpeg' })] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Failed' });
    expect(dialog).toHaveTextContent('Only images can be uploaded.');
  });

  it('edits a post from its menu and deletes one after the confirmation', async () => {
    const { calls, router } = openProfile({
      [routeKey('deleteProduct', { params: { uid: 'uid-me', productId: 2 } })]: { body: { message: 'Deleted' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Red Onions' }));
    const menu = screen.getByRole('menu', { name: 'Actions for Red Onions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Delete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.method === 'DELETE' &&
            call.url === routeUrl('deleteProduct', { params: { uid: 'uid-me', productId: 2 } }),
        ),
      ).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Thompson Grapes' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/edit-product/1');
  });

  it("says 'Delete Failed' when the deletion fails, and deletes nothing when cancelled", async () => {
    const { calls } = openProfile({
      [routeKey('deleteProduct', { params: { uid: 'uid-me', productId: 1 } })]: {
        status: 500,
        body: { statusCode: 500, error: 'x', message: '' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Thompson Grapes' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Thompson Grapes' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const failed = await screen.findByRole('dialog', { name: 'Delete Failed' });
    expect(failed).toHaveTextContent('Could not delete the product. Please try again.');
  });
});

describe('seller page', () => {
  it("shows 'Loading seller profile...', then the seller, their post count and posts", async () => {
    let answer!: (value: { body: unknown }) => void;
    stubApi({
      [routeKey('userProfile', { params: { uid: 'uid-9' } })]: new Promise((resolve) => (answer = resolve)),
      [routeKey('productsOfSeller', { params: { uid: 'uid-9' } })]: { body: [{ ...post(4, 'Bananas'), uid: 'uid-9' }] },
    });
    renderApp('/seller/uid-9');
    expect(await screen.findByText('Loading seller profile...')).toBeInTheDocument();
    answer({ body: profile });

    expect(await screen.findByRole('heading', { level: 1, name: 'kisan_raju' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Seller' });
    expect(card).toHaveTextContent('Raju Patil');
    expect(card).toHaveTextContent('Nashik');
    expect(card).toHaveTextContent('Grapes and onions.');
    expect(card).toHaveTextContent('1 post');
    expect(screen.getByRole('link', { name: 'Bananas' })).toHaveAttribute('href', '/product/4');
  });

  it("says '{username} has not posted any products yet.'", async () => {
    stubApi({
      [routeKey('userProfile', { params: { uid: 'uid-9' } })]: { body: profile },
      [routeKey('productsOfSeller', { params: { uid: 'uid-9' } })]: { body: [] },
    });
    renderApp('/seller/uid-9');
    expect(
      await screen.findByRole('heading', { name: 'kisan_raju has not posted any products yet.' }),
    ).toBeInTheDocument();
  });
});
