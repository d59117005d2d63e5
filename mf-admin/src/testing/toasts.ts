import { screen, within } from '@testing-library/react';

/** The toast region (one toast at a time). */
export const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
