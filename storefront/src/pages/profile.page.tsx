import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { PlusIcon, UserIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';
import styles from './profile.page.module.css';

/** The own profile of 000 section 2. */
export default function ProfilePage() {
  const { user } = useAuth();
  return (
    <Page title="Your Profile">
      <RequireSignIn message="Please sign in to see your profile.">
        <section className={styles.card} aria-label="Profile">
          <span className={styles.avatar}>
            {user?.photoURL ? <img src={user.photoURL} alt="" /> : <UserIcon size={40} />}
          </span>
          <div>
            <h2 className={styles.name}>{user?.displayName || user?.email?.split('@')[0]}</h2>
            <p className={styles.email}>{user?.email}</p>
            <p className={styles.count}>
              <strong>0</strong> current items
            </p>
          </div>
        </section>
        <EmptyState
          icon={<PlusIcon size={32} />}
          title="You have not posted any products yet."
          action={
            <Link to="/become-seller" className="btn btn-accent">
              Become a Seller
            </Link>
          }
        >
          Products you list appear here, where you can edit or remove them.
        </EmptyState>
      </RequireSignIn>
    </Page>
  );
}
