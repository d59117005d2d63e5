import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The dashboard sections (dnd-kit) load on first use: give screens time on the shared machine.
configure({ asyncUtilTimeout: 5000 });
