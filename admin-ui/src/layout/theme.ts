import { createTheme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The keyboard focus ring of the storefront (its global.css): dark saffron, 3:1 or more on light surfaces. */
const FOCUS_RING = { outline: '3px solid #A84F00', outlineOffset: 2, boxShadow: '0 0 0 2px #ffffff' } as const;

/** The storefront's visual language for the console: leaf green, saffron, off-white (docs/frontends.md). */
export const theme: RaThemeOptions = createTheme({
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#2E7D32', dark: '#1B5E20', light: '#E8F3E8', contrastText: '#ffffff' },
    secondary: { main: '#FF9933', dark: '#C25E00', light: '#FFF1E0', contrastText: '#2B1700' },
    background: { default: '#FAFAF5', paper: '#ffffff' },
    text: { primary: '#1C2421', secondary: '#5B6660' },
    error: { main: '#C62828' },
    // MUI's own orange and blue carry white chip text at 3.1:1 and 3.9:1; these keep their hue at 4.5:1 or more.
    warning: { main: '#B45309', contrastText: '#ffffff' },
    info: { main: '#0277BD', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', sans-serif",
    h6: { fontWeight: 700 },
  },
  components: {
    ...defaultTheme.components,
    // The storefront's keyboard focus ring (dark saffron, a white halo) on every button, link, menu item and checkbox:
    // MUI shows keyboard focus only as a faint ripple. A checkbox's input has the focus, so its box draws the ring.
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible, &:has(:focus-visible)': FOCUS_RING } } },
    // A field shows keyboard focus with the ring too, around its whole box (MUI's thicker underline alone is faint).
    MuiInputBase: {
      styleOverrides: {
        root: {
          '&:has(input:focus-visible), &:has(textarea:focus-visible)': {
            outline: '3px solid #A84F00',
            outlineOffset: 1,
          },
        },
      },
    },
    MuiMenuItem: {
      styleOverrides: { root: { '&.Mui-focusVisible': { ...FOCUS_RING, outlineOffset: -3, boxShadow: 'none' } } },
    },
    MuiAppBar: {
      styleOverrides: {
        colorSecondary: {
          backgroundColor: '#2E7D32',
          color: '#fff',
          // On the green bar a white ring (5:1) with a dark halo.
          '& .Mui-focusVisible': { outlineColor: '#fff', boxShadow: '0 0 0 2px #1B5E20' },
        },
      },
    },
    /*
     * react-admin names a row's checkbox with aria-label, which MUI puts on the checkbox's wrapping span, so the input
     * itself has no name (axe: label, aria-prohibited-attr): the name moves to the input. A label given through
     * inputProps (the select-all box) is kept.
     */
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (state: { inputProps?: Record<string, unknown>; 'aria-label'?: string }) => ({
            ...state.inputProps,
            'aria-label': state.inputProps?.['aria-label'] ?? state['aria-label'],
          }),
        },
      },
    },
    // A focused field's label in dark green: the leaf green on a filled field's grey is 4.49:1, just short of AA.
    MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused': { color: '#1B5E20' } } } },
    // The selection bar is pale green: react-admin's white text on it could not be read.
    RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-toolbar': { color: '#1C2421' } } } },
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
  },
}) as RaThemeOptions;
