import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { UiProvider } from '@tht/ui';
import { AuthPage } from './auth/AuthPage';
import { MainApp } from './main/MainApp';
import { NotFoundPage } from './routing/NotFoundPage';
import { ProtectedRoute } from './routing/ProtectedRoute';

/** The routes of SPEC section 2. `/` and `/admin` share one MainApp so tab state survives. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
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
