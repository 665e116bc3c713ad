import { LANGUAGES, LANGUAGE_LOCALES, LANGUAGE_NAMES, type Language } from '@mandi/domain';
import { useLanguage, useT } from '../i18n/i18n';
import styles from './language-switch.module.css';

/**
 * English / हिन्दी: each language named in itself (a reader finds their own script), the current one pressed. The
 * choice is remembered in a cookie, so the server renders the next home page in it too.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { language, setLanguage } = useLanguage();
  const { t } = useT();
  return (
    <div role="group" aria-label={t('language.switch')} className={`${styles.switch} ${className}`}>
      {LANGUAGES.map((option: Language) => (
        <button
          key={option}
          type="button"
          lang={LANGUAGE_LOCALES[option]}
          className={styles.option}
          aria-pressed={option === language}
          onClick={() => option !== language && void setLanguage(option)}
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </div>
  );
}
