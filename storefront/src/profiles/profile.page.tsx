import type { UserProfile } from '@mandi/contracts';
import { PROFILE_LIMITS, type PopupMessage } from '@mandi/domain';
import { Trans } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useT, type Translator } from '../i18n/i18n';
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

const draftOf = (profile: UserProfile): Draft => ({
  fullName: profile.fullname ?? '',
  bio: profile.bio ?? '',
  city: profile.city ?? '',
});

/** The popup for a failed call: the spec's title with the server's text (in the page's language) when it sent one. */
function failure({ serverText }: Pick<Translator, 'serverText'>, message: PopupMessage, error: unknown): PopupMessage {
  return {
    title: message.title,
    text: error instanceof ApiError && error.serverMessage ? serverText(error.serverMessage) : message.text,
  };
}

/** The limits of docs/accounts.md in the order of the form: the first one broken, or null. */
function draftProblem(t: Translator['t'], draft: Draft): string | null {
  if (draft.fullName.trim().length > PROFILE_LIMITS.fullNameMax) return t('profiles.fullNameTooLong');
  if (draft.bio.trim().length > PROFILE_LIMITS.bioMax) return t('profiles.bioTooLong');
  if (draft.city.trim().length > PROFILE_LIMITS.cityMax) return t('profiles.cityTooLong');
  return null;
}

/** The popups of a failed call: 'Update Failed', 'Upload Failed', 'Delete Failed' with their own texts. */
function failedPopups(t: Translator['t']) {
  return {
    updateFailed: { title: t('profiles.updateFailed.title'), text: t('profiles.updateFailed.text') },
    uploadFailed: { title: t('profiles.uploadFailed.title'), text: t('profiles.uploadFailed.text') },
    deleteFailed: { title: t('profiles.deleteFailed.title'), text: t('profiles.deleteFailed.text') },
  };
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
  const translator = useT();
  const { t } = translator;
  const failed = failedPopups(t);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const update = useUpdateProfile(uid);
  const upload = useUploadProfileImage(uid);
  const remove = useDeleteProduct(uid);

  if (profile.isPending) {
    return (
      <p className={styles.status} role="status">
        {t('products.loading')}
      </p>
    );
  }
  if (profile.isError) {
    return <LoadFailed title={t('profiles.own.loadFailed')} onRetry={() => void profile.refetch()} />;
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
      const problem = draftProblem(t, draft);
      if (problem) {
        await popup({ title: failed.updateFailed.title, text: problem });
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
        await popup(failure(translator, failed.updateFailed, error));
      }
    });
  };

  // The picture is saved as soon as it is uploaded (whatever the mode); the local preview shows until then.
  const onPickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PROFILE_LIMITS.imageMaxBytes) {
      void popup({
        title: failed.uploadFailed.title,
        text: t('products.form.popup.invalidFileSize.text', { file: file.name }),
      });
      return;
    }
    void saving.run(async () => {
      setPreview(URL.createObjectURL(file));
      try {
        let imageUrl: string;
        try {
          imageUrl = (await upload.mutateAsync(file)).imageUrl;
        } catch (error) {
          await popup(failure(translator, failed.uploadFailed, error));
          return;
        }
        try {
          await update.mutateAsync({ ...draftOf(saved), profileImage: imageUrl });
        } catch (error) {
          await popup(failure(translator, failed.updateFailed, error));
        }
      } finally {
        setPreview(null);
      }
    });
  };

  const onDelete = async (product: ListedProduct) => {
    const sure = await confirm({
      title: t('profiles.confirmDelete.title'),
      message: t('profiles.confirmDelete.text'),
      confirm: true,
      okLabel: t('profiles.delete'),
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(product);
    } catch (error) {
      await popup(failure(translator, failed.deleteFailed, error));
    }
  };

  const field = (name: keyof Draft) => `${formId}-${name}`;
  const set = (name: keyof Draft) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  return (
    <>
      <section className={styles.card} aria-label={t('profiles.own.details')}>
        <div className={styles.avatarWrap}>
          <img
            src={preview ?? (saved.profileImage || AVATAR_PLACEHOLDER)}
            alt={preview ? t('profiles.own.pictureUploading') : t('profiles.own.picture')}
            className={preview ? `${styles.avatar} ${styles.uploading}` : styles.avatar}
            width={110}
            height={110}
          />
          <button
            type="button"
            className={styles.photoButton}
            aria-label={t('profiles.own.changePicture')}
            disabled={saving.busy}
            onClick={() => fileInput.current?.click()}
          >
            <ImageIcon size={16} />
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            aria-label={t('profiles.own.pictureInput')}
            onChange={onPickPhoto}
          />
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
            <Trans id="profiles.own.currentItems" values={{ count: list.length }} components={{ 0: <strong /> }} />
          </p>
        </div>
        {!editing && (
          <>
            <div className={styles.actions}>
              <button type="button" className="btn btn-outline" onClick={startEditing}>
                {t('profiles.edit')}
              </button>
            </div>
            {saved.bio ? (
              <p className={styles.bio}>{saved.bio}</p>
            ) : (
              <p className={styles.bioEmpty}>{t('profiles.own.bioEmpty')}</p>
            )}
          </>
        )}
        {editing && (
          <form className={styles.form} onSubmit={onSave} aria-label={t('profiles.own.editForm')} noValidate>
            {(
              [
                ['fullName', t('profiles.own.fullName'), PROFILE_LIMITS.fullNameMax, 'name'],
                ['city', t('profiles.own.city'), PROFILE_LIMITS.cityMax, 'address-level2'],
              ] as const
            ).map(([name, label, max, autoComplete]) => (
              <TextField
                key={name}
                id={field(name)}
                label={label}
                value={draft[name]}
                onChange={set(name)}
                maxLength={max}
                autoComplete={autoComplete}
              >
                <span className={styles.counter} aria-hidden="true">
                  {draft[name].length}/{max}
                </span>
              </TextField>
            ))}
            <div className="field">
              <label htmlFor={field('bio')}>{t('profiles.own.bio')}</label>
              <textarea id={field('bio')} value={draft.bio} onChange={set('bio')} maxLength={PROFILE_LIMITS.bioMax} />
              <span className={styles.counter} aria-hidden="true">
                {draft.bio.length}/{PROFILE_LIMITS.bioMax}
              </span>
            </div>
            <div className={styles.actions}>
              <button type="submit" className="btn btn-primary" disabled={saving.busy}>
                {saving.busy ? t('profiles.own.saving') : t('profiles.own.save')}
              </button>
              <button type="button" className="btn btn-ghost" disabled={saving.busy} onClick={() => setEditing(false)}>
                {t('ui.cancel')}
              </button>
            </div>
          </form>
        )}
      </section>

      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{t('profiles.own.posts')}</h2>
        <Link to="/SellPage" className="btn btn-accent">
          <PlusIcon size={18} /> {t('profiles.own.sell')}
        </Link>
      </div>
      {posts.isError && <LoadFailed title={t('profiles.own.postsFailed')} onRetry={() => void posts.refetch()} />}
      {posts.isSuccess && list.length === 0 && (
        <EmptyState icon={<PlusIcon size={32} />} title={t('profiles.own.noPosts')}>
          {t('profiles.own.noPostsText')}
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

/** The own profile of docs/accounts.md: view and edit modes, the picture, the post count and the user's posts. */
export default function ProfilePage() {
  const { user } = useAuth();
  const { t } = useT();
  return (
    <Page title={t('profiles.title')}>
      <RequireSignIn message={t('profiles.own.signIn')}>{user && <OwnProfile uid={user.uid} />}</RequireSignIn>
    </Page>
  );
}
