/** The certificates feature's public surface for other features. */
export { describeCertificatesApi } from './certificates-openapi';
export { expiringCertificates, type ExpiringCertificatesQuery } from './certificates-queries';
export { createCertificatesRouter } from './certificates-routes';
