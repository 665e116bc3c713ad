import { PRODUCT_MESSAGES, descriptionPreview, expiryText, postedTime } from '@mandi/domain';
import { Link } from 'react-router-dom';
import { useConfirm } from '../ui/confirm-dialog';
import { CartIcon, ImageIcon, MailIcon, PhoneIcon, UserIcon } from '../ui/icons';
import { formatPrice } from './price';
import { imagesOf, isOriginal, type ListedProduct } from './product';
import styles from './product-card.module.css';

/** One product on the listing (000 section 2). The whole card opens /product/{id}; its controls sit above that link. */
export function ProductCard({
  product,
  onAddToCart,
  now,
}: {
  product: ListedProduct;
  onAddToCart(productId: string | number): void;
  now: Date;
}) {
  const confirm = useConfirm();
  const image = imagesOf(product)[0];
  const expiry = expiryText(product.validUntil, now);
  const username = product.seller?.username ?? product.username ?? 'Seller';
  const avatar = product.seller?.profileImage ?? product.profileImage ?? null;
  const sellerPath = `/seller/${encodeURIComponent(product.uid)}`;
  const productPath = `/product/${encodeURIComponent(String(product.id))}`;

  const showContact = () =>
    void confirm({
      title: `Contact ${username}`,
      message: (
        <span className={styles.contactLines}>
          {product.sellerPhone && (
            <a href={`tel:+91${product.sellerPhone.replace(/\D/g, '').slice(-10)}`}>
              <PhoneIcon size={16} /> +91 {product.sellerPhone.replace(/\D/g, '').slice(-10)}
            </a>
          )}
          {product.sellerEmail && (
            <a href={`mailto:${product.sellerEmail}`}>
              <MailIcon size={16} /> {product.sellerEmail}
            </a>
          )}
          {!product.sellerPhone && !product.sellerEmail && <span>This seller has not shared contact details.</span>}
        </span>
      ),
    });

  return (
    <article className={styles.card}>
      <header className={styles.top}>
        <Link to={sellerPath} className={styles.seller}>
          {avatar ? (
            <img src={avatar} alt="" className={styles.avatar} loading="lazy" />
          ) : (
            <span className={styles.avatar}>
              <UserIcon size={16} />
            </span>
          )}
          <span className={styles.who}>
            <span className={styles.username}>{username}</span>
            <span className={styles.posted}>
              <span className="visually-hidden">, posted</span> {postedTime(product.createdAt, now)}
            </span>
          </span>
        </Link>
        <button type="button" className={styles.contact} onClick={showContact} aria-label={`Contact ${username}`}>
          <PhoneIcon size={16} />
        </button>
      </header>
      <div className={styles.media}>
        {image ? (
          <img src={image} alt="" loading="lazy" />
        ) : (
          <span className={styles.noImage}>
            <ImageIcon size={28} />
            {PRODUCT_MESSAGES.noImage}
          </span>
        )}
        {isOriginal(product) && <span className={styles.badge}>{PRODUCT_MESSAGES.originalBadge}</span>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={productPath} className={styles.cardLink}>
            {product.name}
          </Link>
        </h3>
        {expiry && <p className={expiry.expired ? styles.expired : styles.expiry}>{expiry.text}</p>}
        <p className={styles.description}>{descriptionPreview(product.description ?? '')}</p>
        <div className={styles.footer}>
          <span className={styles.price}>{formatPrice(product.price)}</span>
          <button
            type="button"
            className={styles.add}
            onClick={() => onAddToCart(product.id)}
            aria-label={`Add ${product.name} to cart`}
          >
            <CartIcon size={18} />
            <span>Add</span>
          </button>
        </div>
      </div>
    </article>
  );
}
