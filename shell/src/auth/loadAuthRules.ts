// A type-only import, erased from the bundle: the rules themselves stay in their own lazy chunk.
import type * as authRules from './authRules';

type AuthRules = typeof authRules;

let loading: Promise<AuthRules> | null = null;

/**
 * The auth forms' zod schemas, loaded once: when the visitor first focuses a form field (see
 * preloadAuthRules), or at the latest when a form is submitted.
 */
export function loadAuthRules(): Promise<AuthRules> {
  loading ??= import('./authRules');
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** A form's onFocus handler: starts loading the rules while the visitor types. */
export function preloadAuthRules(): void {
  void loadAuthRules();
}
