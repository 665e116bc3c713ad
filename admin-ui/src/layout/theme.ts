import { createTheme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The storefront's visual language for the console: leaf green, saffron, off-white (design.md section 8). */
export const theme: RaThemeOptions = createTheme({
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#2E7D32', dark: '#1B5E20', light: '#E8F3E8', contrastText: '#ffffff' },
    secondary: { main: '#FF9933', dark: '#C25E00', light: '#FFF1E0', contrastText: '#2B1700' },
    background: { default: '#FAFAF5', paper: '#ffffff' },
    text: { primary: '#1C2421', secondary: '#5B6660' },
    error: { main: '#C62828' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', sans-serif",
    h6: { fontWeight: 700 },
  },
  components: {
    ...defaultTheme.components,
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: '#2E7D32', color: '#fff' } } },
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
  },
}) as RaThemeOptions;
