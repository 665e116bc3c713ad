import {
  PRODUCT_LIMITS,
  STOCK_LIMITS,
  WEIGHT_UNITS,
  normalizePhone,
  parseStockInput,
  validateProductInput,
  type PopupMessage,
  type WeightUnit,
} from '@mandi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, NotSignedInError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { usePopup } from '../ui/confirm-dialog';
import { useSingleFlight } from '../ui/use-single-flight';
import {
  EMPTY_PRODUCT_FORM,
  newRequestId,
  nowLocalInput,
  toApiDateTime,
  weightInGrams,
  type ProductFormValues,
} from './product-form-values';
import { formPopup, problemPopup } from './product-form-popups';
import { PhotoPicker, usePhotoPicker } from './product-photos';
import { productKeys, useSaveProduct } from './product-queries';
import styles from './product-form.module.css';

/** Which form: a new product (postProduct) or changes to a saved one (editProduct). */
export type ProductFormMode = { kind: 'create' } | { kind: 'edit'; productId: string | number; images: string[] };

/**
 * The sell and edit form of docs/catalog.md: every field, the image picker with previews (at most 4 in all,
 * 5 MB each), the checks of section 5 as the popups of section 8 before anything is sent, one request id per form so
 * a repeated submit cannot make a second product, and a button that stays disabled while the call runs.
 */
export function ProductForm({
  mode,
  initial = EMPTY_PRODUCT_FORM,
}: {
  mode: ProductFormMode;
  initial?: ProductFormValues;
}) {
  // A press while a saved session is being restored waits for it (knownUser), never reads it as signed out.
  const { knownUser } = useAuth();
  const popup = usePopup();
  const { t, number, serverText } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, run } = useSingleFlight();
  const [values, setValues] = useState(initial);
  const photos = usePhotoPicker(mode.kind === 'edit' ? mode.images : []);
  const { existing, removed, added } = photos;
  const [requestId] = useState(newRequestId);
  const formId = useId();
  const fieldId = (name: string) => `${formId}-${name}`;

  const save = useSaveProduct(mode.kind === 'create' ? null : mode.productId);

  const set =
    (field: keyof ProductFormValues) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const show = async (message: PopupMessage, field?: string) => {
    await popup(message);
    if (field) document.getElementById(fieldId(field === 'images' ? 'add-images' : field))?.focus();
  };

  const submit = async () => {
    const user = await knownUser();
    if (!user) {
      await popup(formPopup(t, 'authenticationRequired'));
      navigate('/signin');
      return;
    }
    const weight = weightInGrams(values);
    const problem = validateProductInput({
      ...values,
      weight,
      existingImageCount: existing.length,
      newImages: added.map(({ file }) => file),
    });
    if (problem) {
      await show(
        problemPopup(
          t,
          problem,
          added.map(({ file }) => file),
        ),
        problem.field,
      );
      return;
    }
    const stock = parseStockInput(values.stock);
    if (stock === 'invalid') {
      await show(
        {
          title: t('products.form.popup.invalidStock.title'),
          text: t('products.form.popup.invalidStock.text', { max: number(STOCK_LIMITS.max) }),
        },
        'stock',
      );
      return;
    }

    const body = new FormData();
    body.set('name', values.name.trim());
    body.set('price', values.price.trim());
    body.set('description', values.description.trim());
    body.set('validUntil', toApiDateTime(values.validUntil));
    body.set('uid', user.uid);
    body.set('sellerPhone', normalizePhone(values.sellerPhone));
    body.set('sellerEmail', values.sellerEmail.trim());
    // official_brand is decided by the server from who the seller is (docs/decisions.md), so it is not sent.
    if (weight !== '') body.set('weight', String(weight));
    for (const field of ['length', 'width', 'height'] as const) {
      if (values[field].trim()) body.set(field, values[field].trim());
    }
    // Empty is unlimited: a new product without the field is, and an edit must say so, as its absence keeps the count.
    if (stock !== null) body.set('stock', String(stock));
    else if (mode.kind === 'edit') body.set('stock', '');
    body.set('existingImages', JSON.stringify(existing));
    body.set('removedImages', JSON.stringify(removed));
    for (const { file } of added) body.append(mode.kind === 'create' ? 'images' : 'newImages', file);
    body.set('requestId', requestId);

    try {
      await save.mutateAsync(body);
    } catch (error) {
      if (error instanceof NotSignedInError || (error instanceof ApiError && error.statusCode === 401)) {
        await popup(formPopup(t, 'authenticationRequired'));
        navigate('/signin');
        return;
      }
      const failed = formPopup(t, 'submissionError');
      await popup({
        title: failed.title,
        text: error instanceof ApiError && error.serverMessage ? serverText(error.serverMessage) : failed.text,
      });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
    navigate('/profilepage');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(submit);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Section
        title={t('products.form.photos')}
        hint={t('products.form.photosHint', {
          max: PRODUCT_LIMITS.imagesMax,
          size: PRODUCT_LIMITS.imageMaxBytes / 1024 / 1024,
        })}
      >
        <PhotoPicker photos={photos} addButtonId={fieldId('add-images')} />
      </Section>

      <Section title={t('products.form.about')}>
        <Field
          id={fieldId('name')}
          label={t('products.form.name')}
          counter={`${values.name.length}/${PRODUCT_LIMITS.nameMax}`}
        >
          <input
            id={fieldId('name')}
            value={values.name}
            onChange={set('name')}
            maxLength={PRODUCT_LIMITS.nameMax}
            placeholder={t('products.form.namePlaceholder')}
          />
        </Field>
        <Field
          id={fieldId('description')}
          label={t('products.form.description')}
          counter={`${values.description.length}/${PRODUCT_LIMITS.descriptionMax}`}
        >
          <textarea
            id={fieldId('description')}
            value={values.description}
            onChange={set('description')}
            maxLength={PRODUCT_LIMITS.descriptionMax}
            placeholder={t('products.form.descriptionPlaceholder')}
          />
        </Field>
      </Section>

      <Section title={t('products.form.priceAndValidity')}>
        <div className={styles.row}>
          <Field id={fieldId('price')} label={t('products.form.price')}>
            <input
              id={fieldId('price')}
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              value={values.price}
              onChange={set('price')}
            />
          </Field>
          <Field id={fieldId('validUntil')} label={t('products.form.validUntil')}>
            <input
              id={fieldId('validUntil')}
              type="datetime-local"
              min={nowLocalInput(new Date())}
              value={values.validUntil}
              onChange={set('validUntil')}
            />
          </Field>
        </div>
      </Section>

      <Section
        title={t('products.form.stock')}
        hint={t('products.form.stockHint', { threshold: STOCK_LIMITS.lowThreshold })}
        hintId={`${fieldId('stock')}-hint`}
      >
        <div className={styles.row}>
          <Field id={fieldId('stock')} label={t('products.form.stockLabel')}>
            <input
              id={fieldId('stock')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={7}
              placeholder={t('products.form.unlimited')}
              value={values.stock}
              onChange={set('stock')}
              aria-describedby={`${fieldId('stock')}-hint`}
            />
          </Field>
        </div>
      </Section>

      <Section title={t('products.form.contact')}>
        <div className={styles.row}>
          <Field id={fieldId('sellerPhone')} label={t('products.form.phone')}>
            <span className={styles.phone}>
              <span className={styles.prefix} aria-hidden="true">
                +91
              </span>
              <input
                id={fieldId('sellerPhone')}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={15}
                value={values.sellerPhone}
                onChange={set('sellerPhone')}
                placeholder="98765 43210"
              />
            </span>
          </Field>
          <Field id={fieldId('sellerEmail')} label={t('products.form.email')}>
            <input
              id={fieldId('sellerEmail')}
              type="email"
              autoComplete="email"
              value={values.sellerEmail}
              onChange={set('sellerEmail')}
            />
          </Field>
        </div>
      </Section>

      <Section title={t('products.form.weightAndSize')} hint={t('products.form.weightAndSizeHint')}>
        <div className={styles.row}>
          <Field id={fieldId('weight')} label={t('products.form.weight')}>
            <span className={styles.weight}>
              <input
                id={fieldId('weight')}
                type="number"
                inputMode="decimal"
                min="0"
                step="any"
                value={values.weight}
                onChange={set('weight')}
              />
              <select aria-label={t('products.form.weightUnit')} value={values.weightUnit} onChange={set('weightUnit')}>
                {WEIGHT_UNITS.map((unit: WeightUnit) => (
                  <option key={unit} value={unit}>
                    {unit === 'kg' ? t('products.form.unit.kg') : t('products.form.unit.g')}
                  </option>
                ))}
              </select>
            </span>
          </Field>
        </div>
        <div className={styles.dimensions}>
          {(
            [
              ['length', t('products.form.length')],
              ['width', t('products.form.width')],
              ['height', t('products.form.height')],
            ] as const
          ).map(([field, label]) => (
            <Field key={field} id={fieldId(field)} label={label}>
              <input
                id={fieldId(field)}
                type="number"
                inputMode="decimal"
                min="0"
                step="any"
                value={values[field]}
                onChange={set(field)}
              />
            </Field>
          ))}
        </div>
      </Section>

      <div className={styles.submitBar}>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy
            ? mode.kind === 'create'
              ? t('products.form.posting')
              : t('products.form.saving')
            : mode.kind === 'create'
              ? t('products.form.post')
              : t('products.form.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => navigate(-1)} disabled={busy}>
          {t('ui.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A titled card of the form; `hintId` names its hint for the aria-describedby of a field it explains. */
function Section({
  title,
  hint,
  hintId,
  children,
}: {
  title: string;
  hint?: string;
  hintId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
    </section>
  );
}

function Field({ id, label, counter, children }: { id: string; label: string; counter?: string; children: ReactNode }) {
  return (
    <div className="field">
      <span className={styles.labelRow}>
        <label htmlFor={id}>{label}</label>
        {counter && (
          <span className={styles.counter} aria-hidden="true">
            {counter}
          </span>
        )}
      </span>
      {children}
    </div>
  );
}
