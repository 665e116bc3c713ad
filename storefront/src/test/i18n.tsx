import type { Language } from '@mandi/domain';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import english from 'virtual:catalogue/en-all';
import hindi from 'virtual:catalogue/hi-all';
import { LanguageProvider, createI18n } from '../i18n/i18n';

/** A Lingui instance speaking `language` with the real catalogue, loaded at once (tests need no chunk loading). */
export function testI18n(language: Language = 'en') {
  return createI18n(language, language === 'hi' ? hindi : english);
}

/** Renders one component with the storefront's texts in `language` (English unless told). */
export function renderInLanguage(
  ui: ReactElement,
  language: Language = 'en',
  options?: Omit<RenderOptions, 'wrapper'>,
) {
  const i18n = testI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
  );
  return render(ui, { wrapper, ...options });
}
