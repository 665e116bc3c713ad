import { DEFAULT_SEARCH_FILTER, LAYOUT, SEARCH_FILTERS, normalizeSearchQuery, type SearchFilter } from '@mandi/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { SearchIcon } from '../ui/icons';
import styles from './search-bar.module.css';

function asFilter(value: string | null): SearchFilter {
  return SEARCH_FILTERS.find((filter) => filter === value) ?? DEFAULT_SEARCH_FILTER;
}

/** The listing URL of a search: only a non-blank trimmed text goes into it (docs/search.md). */
export function searchUrl(text: string, filter: SearchFilter): string {
  const params = new URLSearchParams();
  const trimmed = normalizeSearchQuery(text);
  if (trimmed) params.set('search', trimmed);
  params.set('filter', filter);
  return `/?${params.toString()}`;
}

export function SearchBar({ autoFocus = false, onSearched }: { autoFocus?: boolean; onSearched?(): void }) {
  const navigate = useNavigate();
  const { t } = useT();
  const location = useLocation();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('search') ?? '');
  const [filter, setFilter] = useState<SearchFilter>(() => asFilter(params.get('filter')));
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  // Text the app put in the box (from the URL or a search) rather than typed: no suggestions for it.
  const quietText = useRef<string | null>(text);
  const listId = useId();
  const inputId = useId();
  const filterId = useId();

  // Follow the URL when it changes elsewhere (back button, a link to a search).
  useEffect(() => {
    if (location.pathname !== '/') return;
    const fromUrl = params.get('search') ?? '';
    quietText.current = fromUrl;
    setText(fromUrl);
    setFilter(asFilter(params.get('filter')));
  }, [location.pathname, params]);

  useEffect(() => {
    const query = normalizeSearchQuery(text);
    if (!query || text === quietText.current) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api('productSuggestions', { query: { q: query }, silent: true, signal: controller.signal })
        .then((answer) => {
          const list = Array.isArray(answer) ? answer.filter((item): item is string => typeof item === 'string') : [];
          setSuggestions(list);
          setActive(-1);
          setOpen(list.length > 0);
        })
        // docs/search.md: failed suggestion calls are silently ignored.
        .catch(() => undefined);
    }, LAYOUT.suggestionDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const runSearch = (query: string, withFilter: SearchFilter = filter) => {
    quietText.current = query.trim();
    setText(query.trim());
    setOpen(false);
    setSuggestions([]);
    navigate(searchUrl(query, withFilter));
    onSearched?.();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    runSearch(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      return;
    }
    if (!open || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      runSearch(suggestions[active]!);
    }
  };

  const showList = open && suggestions.length > 0;
  return (
    <form ref={rootRef} role="search" className={styles.bar} onSubmit={onSubmit}>
      <label htmlFor={filterId} className="visually-hidden">
        {t('layout.search.filter')}
      </label>
      <select
        id={filterId}
        className={styles.filter}
        value={filter}
        onChange={(event) => {
          const next = asFilter(event.target.value);
          setFilter(next);
          runSearch(text, next);
        }}
      >
        {SEARCH_FILTERS.map((option) => (
          <option key={option} value={option}>
            {option === 'Original' ? t('layout.search.filter.original') : t('layout.search.filter.all')}
          </option>
        ))}
      </select>
      <div className={styles.inputWrap}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('layout.search.label')}
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="search"
          placeholder={t('layout.search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          autoFocus={autoFocus}
          value={text}
          onChange={(event) => {
            quietText.current = null;
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('layout.search.suggestions')}
          className={styles.suggestions}
          hidden={!showList}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? styles.activeOption : styles.option}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => runSearch(suggestion)}
            >
              <SearchIcon size={16} />
              <span>{suggestion}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className={styles.button} aria-label={t('layout.search.submit')}>
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
