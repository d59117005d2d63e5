import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// Screens load parts on first use (dnd-kit, charts): give them time when two test files share the 2 cores.
configure({ asyncUtilTimeout: 5000 });
