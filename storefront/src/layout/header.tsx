import { HEADER_MESSAGES, SELLER_DASHBOARD_MESSAGES, isHeaderVisible } from '@mandi/domain';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth, useIsAdmin } from '../auth/auth-context';
import { CartIcon, ChevronDownIcon, CloseIcon, LeafIcon, MenuIcon, SearchIcon, UserIcon } from '../ui/icons';
import { useAccountActions } from './account-actions';
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
  return (
    <Link to="/" className={styles.brand} aria-label="Mandi home">
      <span className={styles.logo}>
        <LeafIcon size={20} />
      </span>
      <span className={styles.brandName}>Mandi</span>
    </Link>
  );
}

interface NavItem {
  label: string;
  to: string;
  onClick?(event: MouseEvent): void;
  /** A visitor's guarded link points at /signin; it must not look like the current page there. */
  neverActive?: boolean;
}

/** The nav link class, active on its own page only. */
const linkClass = (item: NavItem, base: string) => ({ isActive }: { isActive: boolean }) =>
  isActive && !item.neverActive ? `${base} ${styles.active}` : base;

/** The header links of 000 section 2, in order, for the current visitor. */
function useNavItems(where: 'desktop' | 'mobile'): NavItem[] {
  const { user } = useAuth();
  const isAdmin = useIsAdmin();
  const actions = useAccountActions();
  const guarded = (run: () => Promise<void>) => (event: MouseEvent) => {
    event.preventDefault();
    void run();
  };
  const items: (NavItem | false)[] = [
    { label: 'Home', to: '/' },
    { label: 'Cart', to: '/cartpage' },
    { label: 'Become a Seller', to: '/become-seller' },
    isAdmin && { label: 'Sell', to: '/SellPage', onClick: guarded(actions.openSell) },
    // Desktop shows Profile to admins only (000 section 6); everyone else reaches it from the user menu.
    (where === 'desktop' ? isAdmin : Boolean(user)) && {
      label: where === 'desktop' ? 'Profile' : 'Your Profile',
      to: '/profilepage',
    },
    // The mobile menu is the user menu of a phone; on a desktop the dashboard is in the user menu.
    where === 'mobile' && Boolean(user) && { label: SELLER_DASHBOARD_MESSAGES.menuLink, to: SELLER_DASHBOARD_PATH },
    user
      ? { label: 'Orders', to: actions.ordersPath }
      : { label: 'Orders', to: actions.ordersPath, onClick: guarded(actions.openOrders), neverActive: true },
    { label: 'Contact Us', to: '/contactus' },
    { label: 'About Us', to: '/aboutus' },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

function UserMenu() {
  const { user } = useAuth();
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
        {HEADER_MESSAGES.signIn}
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
  const name = user.displayName || user.email?.split('@')[0] || 'Account';

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
        <div role="menu" aria-label="Account" className={styles.menu} onKeyDown={onMenuKey}>
          <Link role="menuitem" to="/profilepage" className={styles.menuItem} onClick={() => setOpen(false)}>
            Your Profile
          </Link>
          <Link role="menuitem" to={SELLER_DASHBOARD_PATH} className={styles.menuItem} onClick={() => setOpen(false)}>
            {SELLER_DASHBOARD_MESSAGES.menuLink}
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
            Sign Out
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
            Delete Account
          </button>
        </div>
      )}
    </div>
  );
}

function SideMenu({ onClose }: { onClose(): void }) {
  const { user } = useAuth();
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
        aria-label="Menu"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
      >
        <div className={styles.sideHead}>
          <Brand />
          <button type="button" className={styles.iconButton} aria-label="Close menu" onClick={onClose}>
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
              Sign In
            </Link>
          )}
        </div>
        <nav aria-label="Main" className={styles.sideNav}>
          {items.map((item) => (
            <NavLink
              key={item.label}
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
              Sign Out
            </button>
          )}
          <button type="button" className={`${styles.sideLink} ${styles.danger}`} onClick={run(actions.deleteAccount)}>
            Delete Account
          </button>
        </div>
      </div>
    </div>
  );
}

/** The fixed shared header of 000 section 2. */
export function Header() {
  const scrolledVisible = useVisibleOnScroll();
  const desktopItems = useNavItems('desktop');
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();

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
            aria-label="Open menu"
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
              aria-label={searchOpen ? 'Close search' : 'Open search'}
              aria-expanded={searchOpen}
              onClick={() => setSearchOpen((value) => !value)}
            >
              {searchOpen ? <CloseIcon /> : <SearchIcon />}
            </button>
            <Link to="/cartpage" className={`${styles.iconButton} ${styles.mobileOnly}`} aria-label="Cart">
              <CartIcon />
            </Link>
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
        <nav aria-label="Main" className={styles.desktopNav}>
          <div className={styles.navInner}>
            {desktopItems.map((item) => (
              <NavLink
                key={item.label}
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
