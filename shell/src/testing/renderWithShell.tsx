import type { ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
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

/** Renders `app` (routes) at `path`; the returned function tells the current path and query. */
export function renderApp(path: string, app: ReactNode) {
  let location: Location | undefined;
  function LocationSpy() {
    location = useLocation();
    return null;
  }
  render(
    <UiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          {app}
          <LocationSpy />
        </MemoryRouter>
      </SWRConfig>
    </UiProvider>,
  );
  return () => `${location?.pathname}${location?.search}`;
}

/** Sets a labelled field's value at once (as pasting would), firing React's change handler. */
export function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The toast region; successes are a `status` inside it, failures an `alert`. */
export function toasts() {
  return within(screen.getByRole('region', { name: 'Notifications' }));
}
