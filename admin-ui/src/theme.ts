import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The company's navy and orange on react-admin's default theme. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#0b3b66' },
    secondary: { main: '#072a4a' },
  },
};
