import { Trans } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { AVATAR_PLACEHOLDER } from '../products/product';
import { userProductsQuery } from '../products/product-queries';
import { PinIcon, UserIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page } from '../ui/page';
import { PostsGrid } from './posts-grid';
import { useProfile } from './profile-queries';
import styles from './profile-card.module.css';

/** A public seller profile of docs/accounts.md: who they are and what they have posted. */
export default function SellerPage() {
  const { uid = '' } = useParams();
  const profile = useProfile(uid);
  const posts = useQuery(userProductsQuery(uid));
  const { t } = useT();

  if (profile.isPending) {
    return (
      <Page title={t('profiles.seller.title')}>
        <p className={styles.status} role="status">
          {t('profiles.seller.loading')}
        </p>
      </Page>
    );
  }
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.statusCode === 404;
    return (
      <Page title={t('profiles.seller.title')}>
        <LoadFailed
          title={missing ? t('profiles.seller.notFound') : t('profiles.seller.loadFailed')}
          onRetry={missing ? undefined : () => void profile.refetch()}
          more={
            <Link to="/" className="btn btn-outline">
              {t('profiles.seller.browseAll')}
            </Link>
          }
        />
      </Page>
    );
  }

  const seller = profile.data;
  const list = posts.data ?? [];
  return (
    <Page title={seller.username} crumbs={[{ label: t('profiles.seller.crumb') }]}>
      <section className={styles.card} aria-label={t('profiles.seller.card')}>
        <img
          src={seller.profileImage || AVATAR_PLACEHOLDER}
          alt=""
          className={styles.avatar}
          width={110}
          height={110}
        />
        <div className={styles.who}>
          <p className={styles.username}>@{seller.username}</p>
          {seller.fullname && <p className={styles.fullName}>{seller.fullname}</p>}
          {seller.city && (
            <p className={styles.city}>
              <PinIcon size={14} /> {seller.city}
            </p>
          )}
          {posts.isSuccess && (
            <p className={styles.stats}>
              <Trans id="profiles.seller.postCount" values={{ count: list.length }} components={{ 0: <strong /> }} />
            </p>
          )}
        </div>
        {seller.bio ? <p className={styles.bio}>{seller.bio}</p> : null}
      </section>

      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{t('profiles.seller.products', { username: seller.username })}</h2>
      </div>
      {posts.isError && <LoadFailed title={t('profiles.seller.productsFailed')} onRetry={() => void posts.refetch()} />}
      {posts.isSuccess && list.length === 0 && (
        <EmptyState
          icon={<UserIcon size={32} />}
          title={t('profiles.seller.noPosts', { username: seller.username })}
          action={
            <Link to="/" className="btn btn-primary">
              {t('profiles.seller.browseOthers')}
            </Link>
          }
        >
          {t('profiles.seller.noPostsText')}
        </EmptyState>
      )}
      {list.length > 0 && <PostsGrid posts={list} seller={seller} />}
    </Page>
  );
}
