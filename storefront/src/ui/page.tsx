import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { AlertIcon, ChevronRightIcon, LockIcon } from './icons';
import styles from './page.module.css';

export interface Crumb {
  label: string;
  to?: string;
}

/** Sets the browser tab's title for a page (`title` in the page's language; '' for the site's own title). */
export function useDocumentTitle(title: string): void {
  const { t } = useT();
  const text = title ? t('ui.documentTitle', { title }) : t('ui.documentTitle.site');
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** Every page's frame: breadcrumbs from Home, the page heading and its content. */
export function Page({
  title,
  crumbs = [],
  lead,
  width = 'wide',
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  lead?: ReactNode;
  width?: 'wide' | 'narrow' | 'text';
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const { t } = useT();
  const trail: Crumb[] = [{ label: t('ui.home'), to: '/' }, ...crumbs, { label: title }];
  return (
    <div className={`${styles.page} ${styles[width]}`}>
      <nav aria-label={t('ui.breadcrumb')} className={styles.crumbs}>
        <ol>
          {trail.map((crumb, index) => (
            <li key={`${crumb.label}-${index}`}>
              {index > 0 && <ChevronRightIcon size={14} />}
              {crumb.to && index < trail.length - 1 ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span aria-current={index === trail.length - 1 ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </div>
  );
}

/** The designed state for 'nothing here' and 'something went wrong': an icon, a heading, a line and an action. */
export function EmptyState({
  icon,
  title,
  tone = 'neutral',
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  tone?: 'neutral' | 'error';
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      className={`${styles.empty} ${tone === 'error' ? styles.error : ''}`}
      role={tone === 'error' ? 'alert' : undefined}
    >
      <span className={styles.emptyIcon}>{icon}</span>
      <h2 className={styles.emptyTitle}>{title}</h2>
      {children && <div className={styles.emptyText}>{children}</div>}
      {action && <div className={styles.emptyAction}>{action}</div>}
    </div>
  );
}

/** A load that failed: what could not be loaded, a 'Try again' that asks again when `onRetry` is given, other ways on. */
export function LoadFailed({
  title,
  onRetry,
  children,
  more,
}: {
  title: string;
  onRetry?: () => void;
  children?: ReactNode;
  /** Further actions beside 'Try again' (a link back to the listing). */
  more?: ReactNode;
}) {
  const { t } = useT();
  return (
    <EmptyState
      tone="error"
      icon={<AlertIcon size={32} />}
      title={title}
      action={
        (onRetry || more) && (
          <>
            {onRetry && (
              <button type="button" className="btn btn-primary" onClick={onRetry}>
                {t('ui.tryAgain')}
              </button>
            )}
            {more}
          </>
        )
      }
    >
      {children}
    </EmptyState>
  );
}

/** Shown instead of a page that needs an account when nobody is signed in. */
export function SignInRequired({ message }: { message: string }) {
  const { t } = useT();
  return (
    <EmptyState
      icon={<LockIcon size={32} />}
      title={t('ui.signInRequired')}
      action={
        <>
          <Link to="/signin" className="btn btn-primary">
            {t('ui.signIn')}
          </Link>
          <Link to="/signup" className="btn btn-outline">
            {t('ui.createAccount')}
          </Link>
        </>
      }
    >
      {message}
    </EmptyState>
  );
}

/** Renders its children for a signed-in user, the sign-in state for a visitor, and a quiet placeholder while unknown. */
export function RequireSignIn({ message, children }: { message: string; children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <div className={styles.pending} aria-busy="true" />;
  if (!user) return <SignInRequired message={message} />;
  return <>{children}</>;
}
