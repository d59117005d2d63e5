import { XAPI_MESSAGES } from '@tht/contracts';

/**
 * The Learning Record Store's address a course or platform is given with the key and secret:
 * the product's address as the administrator reaches it (PUBLIC_URL behind the organisation's
 * proxy), then `/xapi/`.
 */
export const endpointUrl = () => `${window.location.origin}${XAPI_MESSAGES.endpointPath}`;
