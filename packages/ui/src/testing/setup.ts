import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each test leaves no rendering, stub, spy, fake clock or stored value behind for the next test of
// its file.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

// Screens load parts on first use (dnd-kit, charts): give them time when two test files share the 2 cores.
configure({ asyncUtilTimeout: 5000 });
