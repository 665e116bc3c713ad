import { INDIA_TIME_ZONE } from '@mandi/domain';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import styles from './prose.module.css';

/** One numbered section of a legal page. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page body: the effective date (a calendar date in India), a table of contents and the numbered sections. */
export function LegalDocument({ updated, sections }: { updated: Date; sections: LegalSection[] }) {
  const { t, locale } = useT();
  const date = new Intl.DateTimeFormat(locale, {
    timeZone: INDIA_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(updated);
  return (
    <article className={styles.prose}>
      <p className={styles.meta}>{t('site.legal.updated', { date })}</p>
      <nav className={styles.toc} aria-labelledby="toc-title">
        <h2 id="toc-title">{t('site.legal.contents')}</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}

export { styles as proseStyles };
