import { descriptionPreview, isSoldOut } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { useMinimalProfile } from '../profiles/profile-queries';
import { useMetaDescription, useStructuredData } from '../ui/document-head';
import { CartIcon, ChevronRightIcon, PinIcon, ShieldIcon } from '../ui/icons';
import { LoadFailed, Page } from '../ui/page';
import { useAddToCart } from './add-to-cart';
import { imagesOf, isOriginal, sellerOf, type ListedProduct } from './product';
import { dimensionsText, productStructuredData, validUntilText, weightText } from './product-details';
import { ProductGallery } from './product-gallery';
import { productQuery } from './product-queries';
import { expiryLine } from './relative-time';
import styles from './product.page.module.css';
import { StockNote } from './stock-note';

/** The seller summary: carried by the product answer; asked for separately (minimal profile) when it is not. */
function useSeller(product: ListedProduct | undefined) {
  const { t } = useT();
  const missing = product !== undefined && !product.seller;
  const profile = useMinimalProfile(product?.uid, missing);
  if (!product) return null;
  return sellerOf(
    missing && profile.data ? { ...product, seller: profile.data } : product,
    t('products.unnamedSeller'),
  );
}

/** The product page of docs/catalog.md: the productById route. */
export default function ProductPage() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const { user } = useAuth();
  const product = useQuery(productQuery(productId));
  const item = product.data;
  const seller = useSeller(item);
  const soldOutNoteId = useId();
  const now = new Date();
  const translator = useT();
  const { t, rupees } = translator;
  const crumbs = [{ label: t('products.page.crumb'), to: '/' }];
  useMetaDescription(
    item
      ? t('products.page.metaDescription', {
          name: item.name,
          price: rupees(item.price),
          description: descriptionPreview(item.description ?? ''),
        })
      : null,
  );
  useStructuredData(item ? productStructuredData(item, window.location.href, now, t('products.unnamedSeller')) : null);

  if (product.isPending) {
    return (
      <Page title={t('products.loading')} crumbs={crumbs}>
        <div className={styles.pending} aria-busy="true" />
      </Page>
    );
  }
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.statusCode === 404;
    return (
      <Page title={t('products.page.loadFailed')} crumbs={crumbs}>
        <LoadFailed
          title={missing ? t('products.page.notFound') : t('products.page.somethingWrong')}
          onRetry={missing ? undefined : () => void product.refetch()}
          more={
            <Link to="/" className="btn btn-outline">
              {t('products.page.backToAll')}
            </Link>
          }
        >
          {missing ? t('products.page.notFoundText') : t('products.page.checkConnection')}
        </LoadFailed>
      </Page>
    );
  }

  const data = product.data;
  const original = isOriginal(data);
  const expiry = expiryLine(t, data.validUntil, now);
  const weight = weightText(data.weight, t);
  const dimensions = dimensionsText(data, t);
  const soldOut = isSoldOut(data.stock);
  const own = user?.uid === data.uid;
  const struck = data.originalPrice && Number(data.originalPrice) > Number(data.price) ? data.originalPrice : null;
  return (
    <Page title={data.name} crumbs={crumbs}>
      <div className={styles.layout}>
        <ProductGallery
          name={data.name}
          images={imagesOf(data)}
          thumbnails={data.thumbnails}
          badge={original ? t('products.originalBadge') : undefined}
        />
        <div className={styles.info}>
          <p className={styles.prices}>
            <span className={styles.price}>
              <span className="visually-hidden">{t('products.page.price')} </span>
              {rupees(data.price)}
            </span>
            {struck && (
              <s className={styles.originalPrice}>
                <span className="visually-hidden">{t('products.page.was')} </span>
                {rupees(struck)}
              </s>
            )}
            <StockNote stock={data.stock} className={styles.stock} />
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('products.page.validUntil')}</dt>
              <dd>
                {validUntilText(data.validUntil, translator)}
                {expiry && <span className={expiry.expired ? styles.expired : styles.expiry}>{expiry.text}</span>}
              </dd>
            </div>
            {weight && (
              <div>
                <dt>{t('products.page.weight')}</dt>
                <dd>{weight}</dd>
              </div>
            )}
            {dimensions && (
              <div>
                <dt>{t('products.page.size')}</dt>
                <dd>{dimensions}</dd>
              </div>
            )}
          </dl>
          {data.description && <p className={styles.description}>{data.description}</p>}

          {own ? (
            // A seller cannot buy their own listing (docs/orders.md): the page says so and offers the edit form instead.
            <div className={styles.ownNote}>
              <p>{t('products.page.ownProduct')}</p>
              <Link to={`/edit-product/${encodeURIComponent(String(data.id))}`} className="btn btn-outline">
                {t('products.page.editOwn')}
              </Link>
            </div>
          ) : (
            <div className={styles.actions}>
              {soldOut ? (
                // Neither Add to Cart nor Buy Now: one button that says why, and cannot be pressed.
                <button type="button" className={`btn ${styles.soldOut}`} disabled aria-describedby={soldOutNoteId}>
                  {t('products.stock.soldOut')}
                </button>
              ) : (
                <button type="button" className="btn btn-outline" onClick={() => void addToCart(data.id)}>
                  <CartIcon size={20} /> {t('products.page.addToCart')}
                </button>
              )}
              {original && !soldOut && (
                <button
                  type="button"
                  className="btn btn-accent"
                  onClick={() => navigate(`/product-checkout/${encodeURIComponent(String(data.id))}`)}
                >
                  {t('products.page.buyNow')}
                </button>
              )}
            </div>
          )}
          {soldOut && !own && (
            <p id={soldOutNoteId} className={styles.soldOutNote}>
              {t('products.stock.soldOutProduct')}
            </p>
          )}
          {original && (
            <p className={styles.note}>
              <ShieldIcon size={18} />
              <span>{t('products.page.originalNote')}</span>
            </p>
          )}

          {seller && (
            <Link to={`/seller/${encodeURIComponent(data.uid)}`} className={styles.seller}>
              <img src={seller.profileImage} alt="" width={48} height={48} className={styles.avatar} />
              <span className={styles.sellerText}>
                <span className={styles.sellerLabel}>{t('products.page.soldBy')}</span>
                <span className={styles.sellerName}>{seller.username}</span>
                {seller.city && (
                  <span className={styles.sellerCity}>
                    <PinIcon size={14} /> {seller.city}
                  </span>
                )}
              </span>
              <ChevronRightIcon size={18} />
            </Link>
          )}
        </div>
      </div>
    </Page>
  );
}
