import { isHeaderVisible } from '@mandi/domain';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth, useIsAdmin } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { CartIcon, ChevronDownIcon, CloseIcon, LeafIcon, MenuIcon, SearchIcon, UserIcon } from '../ui/icons';
import { keepFocusInside } from '../ui/focus-trap';
import { useAccountActions } from './account-actions';
import { LanguageSwitch } from './language-switch';
import { SearchBar } from './search-bar';
import styles from './header.module.css';

/** Visible near the top or while scrolling up; hidden while scrolling down past the threshold. */
function useVisibleOnScroll(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setVisible(isHeaderVisible(y, y < last));
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return visible;
}

/** The signed-in user's own seller dashboard (issue 16). */
const SELLER_DASHBOARD_PATH = '/seller-dashboard';

function Brand() {
  const { t } = useT();
  return (
    <Link to="/" className={styles.brand} aria-label={t('header.home.label')}>
      <span className={styles.logo}>
        <LeafIcon size={20} />
      </span>
      <span className={styles.brandName}>Mandi</span>
    </Link>
  );
}

interface NavItem {
  /** Stable across languages: the list's React key. */
  key: string;
  label: string;
  to: string;
  onClick?(event: MouseEvent): void;
  /** A visitor's guarded link points at /signin; it must not look like the current page there. */
  neverActive?: boolean;
}

/** The nav link class, active on its own page only. */
const linkClass =
  (item: NavItem, base: string) =>
  ({ isActive }: { isActive: boolean }) =>
    isActive && !item.neverActive ? `${base} ${styles.active}` : base;

/** The header links of docs/frontends.md, in order, for the current visitor. */
function useNavItems(where: 'desktop' | 'mobile'): NavItem[] {
  const { user } = useAuth();
  const isAdmin = useIsAdmin();
  const actions = useAccountActions();
  const { t } = useT();
  const guarded = (run: () => Promise<void>) => (event: MouseEvent) => {
    event.preventDefault();
    void run();
  };
  const items: (NavItem | false)[] = [
    { key: 'home', label: t('header.nav.home'), to: '/' },
    { key: 'cart', label: t('header.nav.cart'), to: '/cartpage' },
    { key: 'become-seller', label: t('header.nav.becomeSeller'), to: '/become-seller' },
    isAdmin && { key: 'sell', label: t('header.nav.sell'), to: '/SellPage', onClick: guarded(actions.openSell) },
    // Desktop shows Profile to admins only (docs/frontends.md); everyone else reaches it from the user menu.
    (where === 'desktop' ? isAdmin : Boolean(user)) && {
      key: 'profile',
      label: where === 'desktop' ? t('header.nav.profile') : t('header.nav.yourProfile'),
      to: '/profilepage',
    },
    // The mobile menu is the user menu of a phone; on a desktop the dashboard is in the user menu.
    where === 'mobile' &&
      Boolean(user) && { key: 'dashboard', label: t('header.nav.sellerDashboard'), to: SELLER_DASHBOARD_PATH },
    user
      ? { key: 'orders', label: t('header.nav.orders'), to: actions.ordersPath }
      : {
          key: 'orders',
          label: t('header.nav.orders'),
          to: actions.ordersPath,
          onClick: guarded(actions.openOrders),
          neverActive: true,
        },
    { key: 'contact', label: t('header.nav.contactUs'), to: '/contactus' },
    { key: 'about', label: t('header.nav.aboutUs'), to: '/aboutus' },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

function UserMenu() {
  const { user } = useAuth();
  const { t } = useT();
  const actions = useAccountActions();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (event: globalThis.MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  if (!user) {
    return (
      <Link to="/signin" className={`btn btn-accent ${styles.signIn}`}>
        <UserIcon size={20} />
        {t('header.signIn')}
      </Link>
    );
  }

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const items = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else return;
    event.preventDefault();
  };
  const name = user.displayName || user.email?.split('@')[0] || t('header.account');

  return (
    <div className={styles.userMenu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.userButton}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar}>
          <UserIcon size={18} />
        </span>
        <span className={styles.userName}>{name}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div role="menu" aria-label={t('header.account')} className={styles.menu} onKeyDown={onMenuKey}>
          <Link role="menuitem" to="/profilepage" className={styles.menuItem} onClick={() => setOpen(false)}>
            {t('header.nav.yourProfile')}
          </Link>
          <Link role="menuitem" to={SELLER_DASHBOARD_PATH} className={styles.menuItem} onClick={() => setOpen(false)}>
            {t('header.nav.sellerDashboard')}
          </Link>
          <button
            role="menuitem"
            type="button"
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              void actions.signOutWithConfirm();
            }}
          >
            {t('header.signOut')}
          </button>
          <button
            role="menuitem"
            type="button"
            className={`${styles.menuItem} ${styles.danger}`}
            onClick={() => {
              setOpen(false);
              void actions.deleteAccount();
            }}
          >
            {t('header.deleteAccount')}
          </button>
        </div>
      )}
    </div>
  );
}

function SideMenu({ onClose }: { onClose(): void }) {
  const { user } = useAuth();
  const { t } = useT();
  const items = useNavItems('mobile');
  const actions = useAccountActions();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  const run = (action: () => Promise<void>) => () => {
    onClose();
    void action();
  };

  return (
    <div className={styles.sideBackdrop} onClick={onClose}>
      <div
        ref={panelRef}
        className={styles.sidePanel}
        role="dialog"
        aria-modal="true"
        aria-label={t('header.menu')}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          // A modal panel: Tab cycles through its own controls instead of walking out behind the backdrop.
          else if (event.key === 'Tab') keepFocusInside(panelRef.current!, event.nativeEvent);
        }}
      >
        <div className={styles.sideHead}>
          <Brand />
          <button type="button" className={styles.iconButton} aria-label={t('header.closeMenu')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.sideUser}>
          <span className={styles.avatar}>
            <UserIcon size={18} />
          </span>
          {user ? (
            <span className={styles.sideUserName}>{user.displayName || user.email}</span>
          ) : (
            <Link to="/signin" className="btn btn-accent" onClick={onClose}>
              {t('header.signIn')}
            </Link>
          )}
        </div>
        <nav aria-label={t('header.mainNav')} className={styles.sideNav}>
          {items.map((item) => (
            <NavLink
              key={item.key}
              to={item.to}
              end={item.to === '/'}
              className={linkClass(item, styles.sideLink)}
              aria-current={item.neverActive ? false : 'page'}
              onClick={(event) => {
                onClose();
                item.onClick?.(event);
              }}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.sideActions}>
          {user && (
            <button type="button" className={styles.sideLink} onClick={run(actions.signOutWithConfirm)}>
              {t('header.signOut')}
            </button>
          )}
          <button type="button" className={`${styles.sideLink} ${styles.danger}`} onClick={run(actions.deleteAccount)}>
            {t('header.deleteAccount')}
          </button>
        </div>
        <div className={styles.sideLanguage}>
          <LanguageSwitch />
        </div>
      </div>
    </div>
  );
}

/** The fixed shared header of docs/frontends.md. */
export function Header() {
  const scrolledVisible = useVisibleOnScroll();
  const desktopItems = useNavItems('desktop');
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  const { t } = useT();

  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname]);

  const visible = scrolledVisible || menuOpen || searchOpen;
  return (
    <>
      <header className={visible ? styles.header : `${styles.header} ${styles.hidden}`}>
        <div className={styles.bar}>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.mobileOnly}`}
            aria-label={t('header.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <Brand />
          <div className={styles.desktopSearch}>
            <SearchBar />
          </div>
          <div className={styles.end}>
            <button
              type="button"
              className={`${styles.iconButton} ${styles.mobileOnly}`}
              aria-label={searchOpen ? t('header.closeSearch') : t('header.openSearch')}
              aria-expanded={searchOpen}
              onClick={() => setSearchOpen((value) => !value)}
            >
              {searchOpen ? <CloseIcon /> : <SearchIcon />}
            </button>
            <Link
              to="/cartpage"
              className={`${styles.iconButton} ${styles.mobileOnly}`}
              aria-label={t('header.nav.cart')}
            >
              <CartIcon />
            </Link>
            <LanguageSwitch className={styles.desktopOnly} />
            <div className={styles.desktopOnly}>
              <UserMenu />
            </div>
          </div>
        </div>
        {searchOpen && (
          <div className={styles.mobileSearch}>
            <SearchBar autoFocus onSearched={() => setSearchOpen(false)} />
          </div>
        )}
        <nav aria-label={t('header.mainNav')} className={styles.desktopNav}>
          <div className={styles.navInner}>
            {desktopItems.map((item) => (
              <NavLink
                key={item.key}
                to={item.to}
                end={item.to === '/'}
                className={linkClass(item, styles.navLink)}
                aria-current={item.neverActive ? false : 'page'}
                onClick={item.onClick}
              >
                {item.label}
              </NavLink>
            ))}
          </div>
        </nav>
      </header>
      {menuOpen && <SideMenu onClose={() => setMenuOpen(false)} />}
    </>
  );
}
