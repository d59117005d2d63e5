import { urlOf, usersRoutes, type PersonalDataFormat } from '@tht/contracts';

/**
 * Downloads everything held about the person: the address opened in a new window, where the
 * browser saves the file (the sign-in cookie goes with it, as for the export).
 */
export function downloadPersonalData(personId: number, format: PersonalDataFormat): void {
  window.open(urlOf(usersRoutes.downloadPersonalData, { params: { id: personId }, query: { format } }), '_blank', 'noopener');
}
