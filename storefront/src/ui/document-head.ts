import { useEffect } from 'react';

/**
 * Sets the page's meta description while the page is shown and puts the site's own back afterwards
 * (index.html carries the default, so there is always exactly one).
 */
export function useMetaDescription(content: string | null): void {
  useEffect(() => {
    if (!content) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = content;
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [content]);
}

/** Adds schema.org JSON-LD for the page to the document head while the page is shown. */
export function useStructuredData(data: object | null): void {
  const json = data ? JSON.stringify(data) : null;
  useEffect(() => {
    if (!json) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    // textContent is never parsed as HTML, so a '</script>' inside a product name cannot end the element.
    script.textContent = json;
    document.head.append(script);
    return () => script.remove();
  }, [json]);
}
