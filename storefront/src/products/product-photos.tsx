import { PRODUCT_LIMITS } from '@mandi/domain';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useT } from '../i18n/i18n';
import { usePopup } from '../ui/confirm-dialog';
import { CloseIcon, ImageIcon, PlusIcon } from '../ui/icons';
import { fileTooLargePopup, formPopup } from './product-form-popups';
import styles from './product-form.module.css';

/** A photo chosen in this form, not uploaded yet, with its preview (an object URL). */
export interface NewImage {
  file: File;
  preview: string;
}

/**
 * The product form's photos (docs/catalog.md, at most PRODUCT_LIMITS.imagesMax of at most imageMaxBytes each): the saved
 * ones kept, the saved ones removed, and the new ones with their previews. Picking refuses a file too large and what
 * does not fit, with the spec's popups.
 */
export function usePhotoPicker(saved: string[]) {
  const popup = usePopup();
  const { t } = useT();
  const [existing, setExisting] = useState<string[]>(saved);
  const [removed, setRemoved] = useState<string[]>([]);
  const [added, setAdded] = useState<NewImage[]>([]);

  // Previews are object URLs: free them when the form goes away.
  const addedRef = useRef(added);
  addedRef.current = added;
  useEffect(() => () => addedRef.current.forEach((image) => URL.revokeObjectURL(image.preview)), []);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const fitting: File[] = [];
    for (const file of picked) {
      if (file.size > PRODUCT_LIMITS.imageMaxBytes) void popup(fileTooLargePopup(t, file.name));
      else fitting.push(file);
    }
    const room = PRODUCT_LIMITS.imagesMax - existing.length - added.length;
    if (fitting.length > room) void popup(formPopup(t, 'uploadLimitReached'));
    const accepted = fitting.slice(0, Math.max(0, room));
    setAdded((current) => [...current, ...accepted.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  };

  const removeAdded = (image: NewImage) => {
    URL.revokeObjectURL(image.preview);
    setAdded((current) => current.filter((item) => item !== image));
  };

  const removeExisting = (url: string) => {
    setExisting((current) => current.filter((item) => item !== url));
    setRemoved((current) => [...current, url]);
  };

  return { existing, removed, added, pick, removeAdded, removeExisting };
}

/** What {@link usePhotoPicker} keeps and does. */
export type PhotoPickerState = ReturnType<typeof usePhotoPicker>;

/** The chosen photos with their remove buttons, the add button (focused by `addButtonId` on a refusal) and the count. */
export function PhotoPicker({ photos, addButtonId }: { photos: PhotoPickerState; addButtonId: string }) {
  const { t } = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const imageCount = photos.existing.length + photos.added.length;
  const full = imageCount >= PRODUCT_LIMITS.imagesMax;
  return (
    <>
      <ul className={styles.images} aria-label={t('products.form.chosenPhotos')}>
        {photos.existing.map((url, index) => (
          <li key={url} className={styles.image}>
            <img src={url} alt={t('products.form.savedPhoto', { number: index + 1 })} width={120} height={120} />
            <button
              type="button"
              className={styles.remove}
              onClick={() => photos.removeExisting(url)}
              aria-label={t('products.form.removeSavedPhoto', { number: index + 1 })}
            >
              <CloseIcon size={16} />
            </button>
          </li>
        ))}
        {photos.added.map((image) => (
          <li key={image.preview} className={styles.image}>
            <img src={image.preview} alt={image.file.name} width={120} height={120} />
            <button
              type="button"
              className={styles.remove}
              onClick={() => photos.removeAdded(image)}
              aria-label={t('products.form.removePhoto', { file: image.file.name })}
            >
              <CloseIcon size={16} />
            </button>
          </li>
        ))}
        {!full && (
          <li>
            <button
              id={addButtonId}
              type="button"
              className={styles.addImage}
              onClick={() => fileInput.current?.click()}
            >
              {imageCount === 0 ? <ImageIcon size={24} /> : <PlusIcon size={24} />}
              <span>{imageCount === 0 ? t('products.form.addPhotos') : t('products.form.addMore')}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label={t('products.form.photosInput')}
        onChange={photos.pick}
      />
      <p className={styles.count} aria-live="polite">
        {t('products.form.photoCount', { count: imageCount, max: PRODUCT_LIMITS.imagesMax })}
      </p>
    </>
  );
}
