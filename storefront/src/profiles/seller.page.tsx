import { PROFILE_MESSAGES, sellerHasNoPosts } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { AVATAR_PLACEHOLDER } from '../products/product';
import { userProductsQuery } from '../products/product-queries';
import { PinIcon, UserIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page } from '../ui/page';
import { PostsGrid } from './posts-grid';
import { useProfile } from './profile-queries';
import styles from './profile-card.module.css';

/** A public seller profile of 000 section 2: who they are and what they have posted. */
export default function SellerPage() {
  const { uid = '' } = useParams();
  const profile = useProfile(uid);
  const posts = useQuery(userProductsQuery(uid));

  if (profile.isPending) {
    return (
      <Page title="Seller Profile">
        <p className={styles.status} role="status">
          {PROFILE_MESSAGES.loadingSeller}
        </p>
      </Page>
    );
  }
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.statusCode === 404;
    return (
      <Page title="Seller Profile">
        <LoadFailed
          title={missing ? PROFILE_MESSAGES.notFound : 'We couldn’t load this seller'}
          onRetry={missing ? undefined : () => void profile.refetch()}
          more={
            <Link to="/" className="btn btn-outline">
              Browse all products
            </Link>
          }
        />
      </Page>
    );
  }

  const seller = profile.data;
  const list = posts.data ?? [];
  return (
    <Page title={seller.username} crumbs={[{ label: 'Sellers' }]}>
      <section className={styles.card} aria-label="Seller">
        <img src={seller.profileImage || AVATAR_PLACEHOLDER} alt="" className={styles.avatar} width={110} height={110} />
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
              <strong>{list.length}</strong> {list.length === 1 ? 'post' : 'posts'}
            </p>
          )}
        </div>
        {seller.bio ? <p className={styles.bio}>{seller.bio}</p> : null}
      </section>

      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>Products by {seller.username}</h2>
      </div>
      {posts.isError && (
        <LoadFailed title="We couldn’t load these products" onRetry={() => void posts.refetch()} />
      )}
      {posts.isSuccess && list.length === 0 && (
        <EmptyState
          icon={<UserIcon size={32} />}
          title={sellerHasNoPosts(seller.username)}
          action={
            <Link to="/" className="btn btn-primary">
              Browse other sellers
            </Link>
          }
        >
          Their fresh listings will appear here as soon as they post them.
        </EmptyState>
      )}
      {list.length > 0 && (
        <PostsGrid posts={list} seller={seller} />
      )}
    </Page>
  );
}
