import type { UserProfile } from '@mandi/contracts';
import { PRODUCT_MESSAGES, PROFILE_LIMITS, PROFILE_MESSAGES, fileTooLarge, type PopupMessage } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { AVATAR_PLACEHOLDER, type ListedProduct } from '../products/product';
import { useDeleteProduct, userProductsQuery } from '../products/product-queries';
import { useConfirm, usePopup } from '../ui/confirm-dialog';
import { ImageIcon, PinIcon, PlusIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page, RequireSignIn } from '../ui/page';
import { TextField } from '../ui/text-field';
import { useSingleFlight } from '../ui/use-single-flight';
import { PostMenu } from './post-menu';
import { PostsGrid } from './posts-grid';
import { useProfile, useUpdateProfile, useUploadProfileImage } from './profile-queries';
import styles from './profile-card.module.css';

interface Draft {
  fullName: string;
  bio: string;
  city: string;
}

const draftOf = (profile: UserProfile): Draft => ({ fullName: profile.fullname ?? '', bio: profile.bio ?? '', city: profile.city ?? '' });

/** The popup for a failed call: the spec's title with the server's text when it sent one. */
function failure(message: PopupMessage, error: unknown): PopupMessage {
  return { title: message.title, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : message.text };
}

/** The limits of 000 section 5 in the order of the form: the first one broken, or null. */
function draftProblem(draft: Draft): string | null {
  if (draft.fullName.trim().length > PROFILE_LIMITS.fullNameMax) return PROFILE_MESSAGES.fullNameTooLong;
  if (draft.bio.trim().length > PROFILE_LIMITS.bioMax) return PROFILE_MESSAGES.bioTooLong;
  if (draft.city.trim().length > PROFILE_LIMITS.cityMax) return PROFILE_MESSAGES.cityTooLong;
  return null;
}

function OwnProfile({ uid }: { uid: string }) {
  const profile = useProfile(uid);
  const posts = useQuery(userProductsQuery(uid));
  const popup = usePopup();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const saving = useSingleFlight();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>({ fullName: '', bio: '', city: '' });
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const update = useUpdateProfile(uid);
  const upload = useUploadProfileImage(uid);
  const remove = useDeleteProduct(uid);

  if (profile.isPending) {
    return (
      <p className={styles.status} role="status">
        {PRODUCT_MESSAGES.loading}
      </p>
    );
  }
  if (profile.isError) {
    return (
      <LoadFailed title="We couldn’t load your profile" onRetry={() => void profile.refetch()} />
    );
  }

  const saved = profile.data;
  const list = posts.data ?? [];

  const startEditing = () => {
    setDraft(draftOf(saved));
    setEditing(true);
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    void saving.run(async () => {
      const problem = draftProblem(draft);
      if (problem) {
        await popup({ title: PROFILE_MESSAGES.updateFailed.title, text: problem });
        return;
      }
      try {
        await update.mutateAsync({
          fullName: draft.fullName.trim(),
          bio: draft.bio.trim(),
          city: draft.city.trim(),
          profileImage: saved.profileImage,
        });
        setEditing(false);
      } catch (error) {
        await popup(failure(PROFILE_MESSAGES.updateFailed, error));
      }
    });
  };

  // The picture is saved as soon as it is uploaded (whatever the mode); the local preview shows until then.
  const onPickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PROFILE_LIMITS.imageMaxBytes) {
      void popup({ title: PROFILE_MESSAGES.uploadFailed.title, text: fileTooLarge(file.name).text });
      return;
    }
    void saving.run(async () => {
      setPreview(URL.createObjectURL(file));
      try {
        let imageUrl: string;
        try {
          imageUrl = (await upload.mutateAsync(file)).imageUrl;
        } catch (error) {
          await popup(failure(PROFILE_MESSAGES.uploadFailed, error));
          return;
        }
        try {
          await update.mutateAsync({ ...draftOf(saved), profileImage: imageUrl });
        } catch (error) {
          await popup(failure(PROFILE_MESSAGES.updateFailed, error));
        }
      } finally {
        setPreview(null);
      }
    });
  };

  const onDelete = async (product: ListedProduct) => {
    const sure = await confirm({
      title: PRODUCT_MESSAGES.confirmDelete.title,
      message: PRODUCT_MESSAGES.confirmDelete.text,
      confirm: true,
      okLabel: 'Delete',
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(product);
    } catch (error) {
      await popup(failure(PROFILE_MESSAGES.deleteFailed, error));
    }
  };

  const field = (name: keyof Draft) => `${formId}-${name}`;
  const set = (name: keyof Draft) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  return (
    <>
      <section className={styles.card} aria-label="Your details">
        <div className={styles.avatarWrap}>
          <img
            src={preview ?? (saved.profileImage || AVATAR_PLACEHOLDER)}
            alt={preview ? 'New profile picture, uploading' : 'Your profile picture'}
            className={preview ? `${styles.avatar} ${styles.uploading}` : styles.avatar}
            width={110}
            height={110}
          />
          <button
            type="button"
            className={styles.photoButton}
            aria-label="Change profile picture"
            disabled={saving.busy}
            onClick={() => fileInput.current?.click()}
          >
            <ImageIcon size={16} />
          </button>
          <input ref={fileInput} type="file" accept="image/*" hidden aria-label="Profile picture" onChange={onPickPhoto} />
        </div>
        <div className={styles.who}>
          <p className={styles.username}>@{saved.username}</p>
          {!editing && saved.fullname && <p className={styles.fullName}>{saved.fullname}</p>}
          {!editing && saved.city && (
            <p className={styles.city}>
              <PinIcon size={14} /> {saved.city}
            </p>
          )}
          <p className={styles.stats}>
            <strong>{list.length}</strong> current {list.length === 1 ? 'item' : 'items'}
          </p>
        </div>
        {!editing && (
          <>
            <div className={styles.actions}>
              <button type="button" className="btn btn-outline" onClick={startEditing}>
                Edit
              </button>
            </div>
            {saved.bio ? <p className={styles.bio}>{saved.bio}</p> : <p className={styles.bioEmpty}>Add a short bio so buyers know who grows their food.</p>}
          </>
        )}
        {editing && (
          <form className={styles.form} onSubmit={onSave} aria-label="Edit profile" noValidate>
            {(
              [
                ['fullName', 'Full name', PROFILE_LIMITS.fullNameMax, 'name'],
                ['city', 'City', PROFILE_LIMITS.cityMax, 'address-level2'],
              ] as const
            ).map(([name, label, max, autoComplete]) => (
              <TextField key={name} id={field(name)} label={label} value={draft[name]} onChange={set(name)} maxLength={max} autoComplete={autoComplete}>
                <span className={styles.counter} aria-hidden="true">
                  {draft[name].length}/{max}
                </span>
              </TextField>
            ))}
            <div className="field">
              <label htmlFor={field('bio')}>Bio</label>
              <textarea id={field('bio')} value={draft.bio} onChange={set('bio')} maxLength={PROFILE_LIMITS.bioMax} />
              <span className={styles.counter} aria-hidden="true">
                {draft.bio.length}/{PROFILE_LIMITS.bioMax}
              </span>
            </div>
            <div className={styles.actions}>
              <button type="submit" className="btn btn-primary" disabled={saving.busy}>
                {saving.busy ? 'Saving…' : 'Save'}
              </button>
              <button type="button" className="btn btn-ghost" disabled={saving.busy} onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </section>

      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>Your posts</h2>
        <Link to="/SellPage" className="btn btn-accent">
          <PlusIcon size={18} /> Sell a product
        </Link>
      </div>
      {posts.isError && (
        <LoadFailed title="We couldn’t load your posts" onRetry={() => void posts.refetch()} />
      )}
      {posts.isSuccess && list.length === 0 && (
        <EmptyState icon={<PlusIcon size={32} />} title="You have not posted any products yet.">
          Products you list appear here, where you can edit or remove them.
        </EmptyState>
      )}
      {list.length > 0 && (
        <PostsGrid
          posts={list}
          seller={saved}
          menu={(product) => (
            <PostMenu
              productName={product.name}
              onEdit={() => navigate(`/edit-product/${encodeURIComponent(String(product.id))}`)}
              onDelete={() => void onDelete(product)}
            />
          )}
        />
      )}
    </>
  );
}

/** The own profile of 000 section 2: view and edit modes, the picture, the post count and the user's posts. */
export default function ProfilePage() {
  const { user } = useAuth();
  return (
    <Page title="Your Profile">
      <RequireSignIn message="Please sign in to see your profile.">{user && <OwnProfile uid={user.uid} />}</RequireSignIn>
    </Page>
  );
}
