import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n/i18n';
import { ImageIcon } from '../ui/icons';
import styles from './product-gallery.module.css';

/**
 * The product page's pictures: one large image and a row of thumbnails (buttons: Tab reaches them, Enter or Space
 * shows one, the arrow keys move along the row). `thumbnails` are the small WebP variants, same order as `images`.
 */
export function ProductGallery({
  name,
  images,
  thumbnails,
  badge,
}: {
  name: string;
  images: string[];
  thumbnails?: string[];
  badge?: string;
}) {
  const { t } = useT();
  const [shown, setShown] = useState(0);
  const rowRef = useRef<HTMLUListElement>(null);
  const current = images[Math.min(shown, images.length - 1)];

  const onRowKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key === 'Home' || event.key === 'End' || step !== 0) {
      event.preventDefault();
      const next =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? images.length - 1
            : (shown + step + images.length) % images.length;
      setShown(next);
      rowRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
    }
  };

  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        {current ? (
          <img
            src={current}
            alt={
              images.length > 1
                ? t('products.gallery.pictureOf', { name, number: shown + 1, total: images.length })
                : name
            }
            width={800}
            height={600}
            fetchPriority="high"
          />
        ) : (
          <span className={styles.noImage}>
            <ImageIcon size={36} />
            {t('products.noImage')}
          </span>
        )}
        {badge && <span className={styles.badge}>{badge}</span>}
      </div>
      {images.length > 1 && (
        <ul ref={rowRef} className={styles.thumbs} aria-label={t('products.gallery.pictures')} onKeyDown={onRowKey}>
          {images.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                className={index === shown ? `${styles.thumb} ${styles.current}` : styles.thumb}
                aria-label={t('products.gallery.show', { number: index + 1, total: images.length })}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
              >
                <img src={thumbnails?.[index] || url} alt="" width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
