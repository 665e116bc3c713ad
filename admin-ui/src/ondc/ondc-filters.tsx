import FilterAlt from '@mui/icons-material/FilterAlt';
import { Box, Button, MenuItem, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OndcWords } from './ondc-texts';

/**
 * A list's filters and page in the URL, so a reload or a link (a summary figure, a transaction's calls) keeps them:
 * `value(name)` reads one, `change` sets some (blank removes one) and goes back to the first page unless told a page.
 */
export function useUrlFilters() {
  const [search, setSearch] = useSearchParams();
  const value = (name: string) => search.get(name)?.trim() || undefined;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const change = (next: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(search);
    if (!('page' in next)) params.delete('page');
    for (const [name, given] of Object.entries(next)) {
      const text = given === undefined ? '' : String(given).trim();
      if (text === '' || (name === 'page' && text === '1')) params.delete(name);
      else params.set(name, text);
    }
    setSearch(params);
  };
  const count = [...search.keys()].filter((name) => name !== 'page').length;
  return { value, page, change, any: count > 0, count, clear: () => setSearch(new URLSearchParams()) };
}

/** A text filter typed and then applied: its name in the URL, its label, and how long it may be. */
export interface TextFilter {
  name: string;
  label: string;
  maxLength: number;
}

/**
 * The text filters of a list (buyer app, transaction id), applied together with Filter (a value typed is not sent
 * letter by letter), beside the list's select filters; Clear filters empties them all. A link or Clear filters
 * changes the URL, and the boxes start again from what it applies.
 */
export function FilterBar(props: {
  texts: readonly TextFilter[];
  selects?: ReactNode;
  filters: ReturnType<typeof useUrlFilters>;
  words: OndcWords;
}) {
  const applied = props.texts.map((filter) => props.filters.value(filter.name) ?? '').join('\n');
  return <FilterForm key={applied} {...props} />;
}

function FilterForm({
  texts,
  selects,
  filters,
  words,
}: {
  texts: readonly TextFilter[];
  selects?: ReactNode;
  filters: ReturnType<typeof useUrlFilters>;
  words: OndcWords;
}) {
  const { t } = words;
  // On a phone the filters wait behind one button, so the list starts on the first screen.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(texts.map((filter) => [filter.name, filters.value(filter.name) ?? ''])),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    filters.change(Object.fromEntries(texts.map((filter) => [filter.name, typed[filter.name]])));
  };
  const clear = filters.any && (
    <Button type="button" onClick={filters.clear}>
      {t.clearFilters}
    </Button>
  );
  if (narrow && !open)
    return (
      <Box sx={{ mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<FilterAlt />} aria-expanded={false} onClick={() => setOpen(true)}>
          {filters.count > 0 ? `${t.filters} (${filters.count})` : t.filters}
        </Button>
        {clear}
      </Box>
    );
  return (
    <Box
      component="form"
      role="search"
      aria-label={t.filters}
      onSubmit={submit}
      noValidate
      sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      {texts.map((filter) => (
        <TextField
          key={filter.name}
          size="small"
          label={filter.label}
          value={typed[filter.name] ?? ''}
          onChange={(event) => setTyped((now) => ({ ...now, [filter.name]: event.target.value }))}
          slotProps={{ htmlInput: { maxLength: filter.maxLength, autoComplete: 'off', spellCheck: false } }}
          sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: { sm: 320 } }}
        />
      ))}
      {selects}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="outlined" startIcon={<FilterAlt />}>
          {t.applyFilters}
        </Button>
        {clear}
      </Box>
    </Box>
  );
}

/** A select filter applied as soon as it is chosen; '' is any. */
export function SelectFilter({
  label,
  value,
  any,
  options,
  onChange,
  width = 180,
}: {
  label: string;
  value: string | undefined;
  any: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string | undefined) => void;
  width?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      sx={{ flex: `1 1 ${width}px`, minWidth: 0, maxWidth: { sm: width + 40 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{any}</MenuItem>
      {options.map(([option, text]) => (
        <MenuItem key={option} value={option}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
