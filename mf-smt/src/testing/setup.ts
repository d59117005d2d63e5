import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Screens load parts on first use (dnd-kit, charts): give them time when two test files share the 2 cores.
configure({ asyncUtilTimeout: 5000 });
