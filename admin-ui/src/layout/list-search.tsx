import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

/** How long typing pauses before the list is searched (react-admin's own SearchInput waits as long). */
export const LIST_SEARCH_DELAY_MS = 500;

/**
 * The search box of a list whose rows open a page of their own (the Orders tab). react-admin's SearchInput applies
 * a search 500 ms after typing, by navigating to the list's URL with the new filter. When the admin opens an order
 * within those 500 ms, the order page (a lazily loaded chunk) is still loading, the list is still mounted, and that
 * late navigation took them back to the list (docs/console.md, "Searching a list"). This box applies a search only
 * while the browser is still on the page it was typed on, and forgets it when the list goes away.
 */
export function ListSearch({ label }: { label: string }) {
  const { filterValues, setFilters } = useListContext();
  const applied = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(applied);
  const typedOn = useRef<string | null>(null);
  const latest = useRef({ filterValues, setFilters });
  latest.current = { filterValues, setFilters };

  useEffect(() => {
    if (typedOn.current === null || text === applied) return;
    const timer = setTimeout(() => {
      // Opened a page meanwhile (the URL moves at once, the list unmounts only once that page has loaded).
      if (window.location.pathname !== typedOn.current) return;
      const { q: _previous, ...rest } = latest.current.filterValues as Record<string, unknown>;
      latest.current.setFilters(text.trim() === '' ? rest : { ...rest, q: text }, undefined, false);
    }, LIST_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);

  return (
    <TextField
      value={text}
      onChange={(event) => {
        typedOn.current = window.location.pathname;
        setText(event.target.value);
      }}
      placeholder={label}
      size="small"
      variant="filled"
      hiddenLabel
      sx={{ mt: 1, mb: 1, minWidth: { sm: 240 } }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
