/** Design tokens shared by the shell and every remote (one ThemeProvider, in the shell). */
export const theme = {
  colors: {
    background: '#f6f7f9',
    surface: '#ffffff',
    text: '#1d2433',
    mutedText: '#5b6475',
    border: '#d5d9e0',
    primary: '#1f5fbf',
    primaryHover: '#184c99',
    primaryText: '#ffffff',
    destructive: '#b42318',
    destructiveHover: '#912018',
    success: '#1b7f45',
    warning: '#a15c00',
    focus: '#2f80ed',
    subtle: '#eef1f5',
  },
  radii: { small: '4px', medium: '8px', pill: '999px' },
  spacing: (steps: number) => `${steps * 4}px`,
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  shadows: {
    card: '0 1px 2px rgba(16, 24, 40, 0.08)',
    overlay: '0 12px 32px rgba(16, 24, 40, 0.24)',
  },
} as const;

export type Theme = typeof theme;
