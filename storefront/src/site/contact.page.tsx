import { contactBodySchema, type ContactBody } from '@mandi/contracts';
import { CONTACT_MESSAGES as M, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '@mandi/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiFetch } from '../api/api-fetch';
import { MailIcon, PhoneIcon, PinIcon } from '../ui/icons';
import { Page } from '../ui/page';
import { SITE } from './site-info';
import styles from './contact.page.module.css';

type ContactForm = ContactBody;
type Errors = Partial<Record<keyof ContactForm, string>>;

const EMPTY: ContactForm = { name: '', email: '', message: '' };
const FIELDS: (keyof ContactForm)[] = ['name', 'email', 'message'];

/**
 * The form checked with the API's own contract (001 section 5: all three required, a valid e-mail): the trimmed
 * body to send, or each failing field's first message.
 */
function validate(form: ContactForm): { body: ContactBody; errors?: never } | { body?: never; errors: Errors } {
  const parsed = contactBodySchema.safeParse(form);
  if (parsed.success) return { body: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as string[]).includes(field)) errors[field as keyof ContactForm] ??= issue.message;
  }
  return { errors };
}

/** The contact page of 001 section 2: the form (POST /api/contact) and our contact details. */
export default function ContactPage() {
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const send = useMutation({
    mutationFn: (body: ContactBody) => apiFetch('/api/contact', { method: 'POST', body }),
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
