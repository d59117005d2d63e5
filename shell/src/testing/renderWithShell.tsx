import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { UiProvider } from '@tht/ui';

/** Renders `element` at `path` with the shell's providers, a fresh SWR cache and a '/' page. */
export function renderAt(path: string, routePath: string, element: ReactNode) {
  return render(
    <UiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={routePath} element={element} />
            <Route path="/" element={<h1>Home page</h1>} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </UiProvider>,
  );
}

/** Sets a labelled field's value at once (as pasting would), firing React's change handler. */
export function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
