import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// The first render of a lazily loaded page is slow in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 5000 });
