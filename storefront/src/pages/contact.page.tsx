import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiFetch } from '../api/api-fetch';
import { CONTACT_MESSAGES as M, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, validateContactInput } from '@mandi/domain';
import { SITE } from '../site/site-info';
import { MailIcon, PhoneIcon, PinIcon } from '../ui/icons';
import { Page } from '../ui/page';
import styles from './contact.page.module.css';

interface ContactForm {
  name: string;
  email: string;
  message: string;
}

const EMPTY: ContactForm = { name: '', email: '', message: '' };

/** The first failing field, by the shared rule of 001 section 5. */
function validate(form: ContactForm): Partial<Record<keyof ContactForm, string>> {
  const found = validateContactInput({ name: form.name, email: form.email.trim(), message: form.message });
  return found ? { [found.field]: found.text } : {};
}

/** The contact page of 001 section 2: the form (POST /api/contact) and our contact details. */
export default function ContactPage() {
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactForm, string>>>({});
  const send = useMutation({
    mutationFn: (body: ContactForm) => apiFetch('/api/contact', { method: 'POST', body }),
    onSuccess: () => setForm(EMPTY),
  });
  const ids = { name: useId(), email: useId(), message: useId() };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate({ name: form.name.trim(), email: form.email.trim(), message: form.message.trim() });
  };

  const field = (key: keyof ContactForm) => ({
    id: ids[key],
    name: key,
    value: form[key],
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${ids[key]}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
      if (send.isSuccess || send.isError) send.reset();
    },
  });

  return (
    <Page title="Contact Us" lead="Questions about an order, selling on Mandi or anything else? Write to us.">
      <div className={styles.layout}>
        <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={styles.cardTitle}>
            Send us a message
          </h2>
          <div className="field">
            <label htmlFor={ids.name}>Full Name</label>
            <input {...field('name')} autoComplete="name" maxLength={CONTACT_NAME_MAX} required />
            {errors.name && (
              <span id={`${ids.name}-error`} className="field-error">
                {errors.name}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.email}>Email</label>
            <input {...field('email')} type="email" autoComplete="email" inputMode="email" required />
            {errors.email && (
              <span id={`${ids.email}-error`} className="field-error">
                {errors.email}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.message}>Message</label>
            <textarea {...field('message')} rows={6} maxLength={CONTACT_MESSAGE_MAX} required />
            {errors.message && (
              <span id={`${ids.message}-error`} className="field-error">
                {errors.message}
              </span>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? M.sending : 'Send Message'}
          </button>
          <p className={styles.status} role="status" aria-live="polite">
            {send.isPending && M.sending}
            {send.isSuccess && <span className={styles.ok}>{M.sent}</span>}
            {send.isError && <span className={styles.failed}>{M.failed}</span>}
          </p>
        </form>

        <aside className={styles.card} aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className={styles.cardTitle}>
            Contact details
          </h2>
          <ul className={styles.details}>
            <li>
              <PinIcon />
              <div>
                <strong>Address</strong>
                <address>
                  {SITE.address.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </div>
            </li>
            <li>
              <PhoneIcon />
              <div>
                <strong>Phone</strong>
                <a href={SITE.phoneHref}>{SITE.phone}</a>
                <span className={styles.hours}>{SITE.hours}</span>
              </div>
            </li>
            <li>
              <MailIcon />
              <div>
                <strong>Email</strong>
                <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
              </div>
            </li>
          </ul>
        </aside>
      </div>
    </Page>
  );
}
