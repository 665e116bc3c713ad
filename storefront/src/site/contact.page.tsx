import { contactBodySchema, type ContactBody } from '@mandi/contracts';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '@mandi/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { MailIcon, PhoneIcon, PinIcon } from '../ui/icons';
import { Page } from '../ui/page';
import { SITE, siteAddress } from './site-info';
import styles from './contact.page.module.css';

type ContactForm = ContactBody;
type Errors = Partial<Record<keyof ContactForm, string>>;

const EMPTY: ContactForm = { name: '', email: '', message: '' };
const FIELDS: (keyof ContactForm)[] = ['name', 'email', 'message'];

/**
 * The form checked with the API's own contract (docs/frontends.md: all three required, a valid e-mail): the trimmed
 * body to send, or each failing field's first message (the contract's English, which the API answers too; the page
 * shows it with serverText).
 */
function validate(form: ContactForm): { body: ContactBody; errors?: never } | { body?: never; errors: Errors } {
  const parsed = contactBodySchema.safeParse(form);
  if (parsed.success) return { body: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as string[]).includes(field))
      errors[field as keyof ContactForm] ??= issue.message;
  }
  return { errors };
}

/** The contact page of docs/frontends.md: the form (the contactUs route) and our contact details. */
export default function ContactPage() {
  const { t, serverText } = useT();
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const send = useMutation({
    mutationFn: (body: ContactBody) => api('contactUs', { body }),
    onSuccess: () => setForm(EMPTY),
  });
  const ids = { name: useId(), email: useId(), message: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const { body, errors: found } = validate(form);
    setErrors(found ?? {});
    if (!body) {
      // The first field with a problem takes the focus, so its message is read out.
      const first = FIELDS.find((key) => found?.[key]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    send.mutate(body);
  };

  const field = (key: keyof ContactForm) => ({
    id: ids[key],
    name: key,
    value: form[key],
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${ids[key]}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
      if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
      if (send.isSuccess || send.isError) send.reset();
    },
  });

  return (
    <Page title={t('site.contact.title')} lead={t('site.contact.lead')}>
      <div className={styles.layout}>
        <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={styles.cardTitle}>
            {t('site.contact.form.title')}
          </h2>
          <div className="field">
            <label htmlFor={ids.name}>{t('site.contact.form.name')}</label>
            <input {...field('name')} autoComplete="name" maxLength={CONTACT_NAME_MAX} required />
            {errors.name && (
              <span id={`${ids.name}-error`} className="field-error">
                {serverText(errors.name)}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.email}>{t('site.contact.form.email')}</label>
            <input {...field('email')} type="email" autoComplete="email" inputMode="email" required />
            {errors.email && (
              <span id={`${ids.email}-error`} className="field-error">
                {serverText(errors.email)}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.message}>{t('site.contact.form.message')}</label>
            <textarea {...field('message')} rows={6} maxLength={CONTACT_MESSAGE_MAX} required />
            {errors.message && (
              <span id={`${ids.message}-error`} className="field-error">
                {serverText(errors.message)}
              </span>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? t('site.contact.form.sending') : t('site.contact.form.send')}
          </button>
          <p className={styles.status} role="status" aria-live="polite">
            {send.isSuccess && <span className={styles.ok}>{t('site.contact.form.sent')}</span>}
            {send.isError && <span className={styles.failed}>{t('site.contact.form.failed')}</span>}
          </p>
        </form>

        <aside className={styles.card} aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className={styles.cardTitle}>
            {t('site.contact.details.title')}
          </h2>
          <ul className={styles.details}>
            <li>
              <PinIcon />
              <div>
                <strong>{t('site.contact.details.address')}</strong>
                <address>
                  {siteAddress(t).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </div>
            </li>
            <li>
              <PhoneIcon />
              <div>
                <strong>{t('site.contact.details.phone')}</strong>
                <a href={SITE.phoneHref}>{SITE.phone}</a>
                <span className={styles.hours}>{t('site.info.hours')}</span>
              </div>
            </li>
            <li>
              <MailIcon />
              <div>
                <strong>{t('site.contact.details.email')}</strong>
                <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
              </div>
            </li>
          </ul>
        </aside>
      </div>
    </Page>
  );
}
