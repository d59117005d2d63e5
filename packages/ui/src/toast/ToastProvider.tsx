import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';

export type ToastVariant = 'success' | 'destructive';

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

export const TOAST_DURATION_MS: Record<ToastVariant, number> = { success: 6000, destructive: 8000 };

type ShownToast = ToastMessage & { id: number; variant: ToastVariant };

type ToastApi = { showToast: (toast: ToastMessage) => void; dismissToast: () => void };

const ToastContext = createContext<ToastApi | null>(null);

const Region = styled.section`
  position: fixed;
  right: ${({ theme }) => theme.spacing(4)};
  bottom: ${({ theme }) => theme.spacing(4)};
  z-index: 200;
  max-width: min(26rem, calc(100vw - 32px));
`;

const ToastBox = styled.div<{ $variant: ToastVariant }>`
  display: flex;
  gap: ${({ theme }) => theme.spacing(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.spacing(4)};
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: ${({ theme }) => theme.shadows.overlay};
  color: ${({ theme }) => theme.colors.primaryText};
  background: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.destructive : theme.colors.text)};
`;

const ToastText = styled.div`
  flex: 1;
`;

const ToastTitle = styled.p`
  margin: 0;
  font-weight: 700;
`;

const ToastDescription = styled.p`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
`;

const DismissButton = styled.button`
  border: none;
  background: none;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
`;

/**
 * Shows one toast at a time (a new one replaces the current one): successes as a polite status for
 * 6 s, failures as an alert for 8 s.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);

  const showToast = useCallback((message: ToastMessage) => {
    setToast((previous) => ({ ...message, variant: message.variant ?? 'success', id: (previous?.id ?? 0) + 1 }));
  }, []);
  const dismissToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(dismissToast, TOAST_DURATION_MS[toast.variant]);
    return () => clearTimeout(timer);
  }, [toast, dismissToast]);

  const api = useMemo(() => ({ showToast, dismissToast }), [showToast, dismissToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Region aria-label="Notifications">
        {toast && (
          <ToastBox
            key={toast.id}
            $variant={toast.variant}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
            aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
            aria-atomic="true"
          >
            <ToastText>
              <ToastTitle>{toast.title}</ToastTitle>
              {toast.description && <ToastDescription>{toast.description}</ToastDescription>}
            </ToastText>
            <DismissButton type="button" aria-label="Dismiss notification" onClick={dismissToast}>
              ×
            </DismissButton>
          </ToastBox>
        )}
      </Region>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
