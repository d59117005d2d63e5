import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { CentredSpinner, UiProvider } from '@tht/ui';
import { MainApp } from './main/MainApp';
import { NotFoundPage } from './routing/NotFoundPage';
import { ProtectedRoute } from './routing/ProtectedRoute';

// The auth forms (and the zod schemas they validate with) load only when /auth is opened.
const AuthPage = lazy(() => import('./auth/AuthPage').then((module) => ({ default: module.AuthPage })));

/** The routes of SPEC section 2. `/` and `/admin` share one MainApp so tab state survives. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/auth"
        element={
          <Suspense fallback={<CentredSpinner label="Loading..." />}>
            <AuthPage />
          </Suspense>
        }
      />
      <Route
        element={
          <ProtectedRoute>
            <MainApp />
          </ProtectedRoute>
        }
      >
        <Route path="/" element={null} />
        <Route path="/admin" element={null} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App() {
  return (
    <UiProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </UiProvider>
  );
}
