import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { CentredSpinner, UiProvider } from '@tht/ui';
import { NotFoundPage } from './routing/NotFoundPage';
import { ProtectedRoute } from './routing/ProtectedRoute';

// Each page's code loads when its route is first opened.
const AuthPage = lazy(() => import('./auth/AuthPage').then((module) => ({ default: module.AuthPage })));
const MainApp = lazy(() => import('./main/MainApp').then((module) => ({ default: module.MainApp })));

const pageLoading = <CentredSpinner label="Loading..." />;

/** The app's routes. `/` and `/admin` share one MainApp so tab state survives. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/auth"
        element={
          <Suspense fallback={pageLoading}>
            <AuthPage />
          </Suspense>
        }
      />
      <Route
        element={
          <ProtectedRoute>
            <Suspense fallback={pageLoading}>
              <MainApp />
            </Suspense>
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
