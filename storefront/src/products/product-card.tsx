import { descriptionPreview, isSoldOut } from '@mandi/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { CartIcon, ImageIcon, MailIcon, PhoneIcon } from '../ui/icons';
import { cardImageOf, isOriginal, phoneOf, sellerOf, type ListedProduct } from './product';
import styles from './product-card.module.css';
import { expiryLine, postedText } from './relative-time';
import { StockNote } from './stock-note';

/** The card picture's intrinsic size: the 480 px WebP variant at the card's 4:3 ratio (no layout shift). */
const CARD_IMAGE = { width: 480, height: 360 } as const;

/**
 * One product on the listing (docs/catalog.md). The whole card opens /product/{id}; its controls sit above that link.
 * `priority` marks the first row: its pictures load at once with high priority (the page's largest paint).
 * `menu` puts the owner's actions (profile page) in the card's top corner instead of the contact button.
 * A sold-out product keeps its card, greyed, with 'Sold out' in place of the Add button.
 */
export function ProductCard({
  product,
  onAddToCart,
  now,
  priority = false,
  menu,
}: {
  product: ListedProduct;
  onAddToCart(productId: string | number): void;
  now: Date;
  priority?: boolean;
  menu?: ReactNode;
}) {
  const confirm = useConfirm();
  const { t, rupees } = useT();
  const image = cardImageOf(product);
  const expiry = expiryLine(t, product.validUntil, now);
  const seller = sellerOf(product, t('products.unnamedSeller'));
  const phone = phoneOf(product.sellerPhone);
  const sellerPath = `/seller/${encodeURIComponent(product.uid)}`;
  const productPath = `/product/${encodeURIComponent(String(product.id))}`;
  const soldOut = isSoldOut(product.stock);

  const showContact = () =>
    void confirm({
      title: t('products.card.contact', { seller: seller.username }),
      message: (
        <span className={styles.contactLines}>
          {phone && (
            <a href={phone.href}>
              <PhoneIcon size={16} /> {phone.text}
            </a>
          )}
          {product.sellerEmail && (
            <a href={`mailto:${product.sellerEmail}`}>
              <MailIcon size={16} /> {product.sellerEmail}
            </a>
          )}
          {!phone && !product.sellerEmail && <span>{t('products.card.noContact')}</span>}
        </span>
      ),
    });

  return (
    <article className={styles.card}>
      <header className={styles.top}>
        <Link to={sellerPath} className={styles.seller}>
          <img src={seller.profileImage} alt="" className={styles.avatar} width={26} height={26} loading="lazy" />
          <span className={styles.who}>
            <span className={styles.username}>{seller.username}</span>
            <span className={styles.posted}>
              <span className="visually-hidden">{t('products.card.posted')}</span>{' '}
              {postedText(t, product.createdAt, now)}
            </span>
          </span>
        </Link>
        {menu ?? (
          <button
            type="button"
            className={styles.contact}
            onClick={showContact}
            aria-label={t('products.card.contact', { seller: seller.username })}
          >
            <PhoneIcon size={16} />
          </button>
        )}
      </header>
      <div className={soldOut ? `${styles.media} ${styles.soldOutMedia}` : styles.media}>
        {image ? (
          <img
            src={image}
            alt=""
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <span className={styles.noImage}>
            <ImageIcon size={28} />
            {t('products.noImage')}
          </span>
        )}
        {isOriginal(product) && <span className={styles.badge}>{t('products.originalBadge')}</span>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={productPath} className={styles.cardLink}>
            {product.name}
          </Link>
        </h3>
        {expiry && <p className={expiry.expired ? styles.expired : styles.expiry}>{expiry.text}</p>}
        <StockNote stock={product.stock} className={styles.stock} />
        <p className={styles.description}>{descriptionPreview(product.description ?? '')}</p>
        <div className={styles.footer}>
          <span className={styles.price}>{rupees(product.price)}</span>
          {soldOut ? (
            <button
              type="button"
              className={styles.soldOut}
              disabled
              aria-label={t('products.card.soldOutLabel', { name: product.name })}
            >
              {t('products.stock.soldOut')}
            </button>
          ) : (
            <button
              type="button"
              className={styles.add}
              onClick={() => onAddToCart(product.id)}
              aria-label={t('products.card.addLabel', { name: product.name })}
            >
              <CartIcon size={18} />
              <span>{t('products.card.add')}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
