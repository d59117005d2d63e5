import { defineRoutes } from '../routes/api-route';
import { healthResponseSchema, livenessResponseSchema, orgConfigSchema, remoteRegistrySchema } from './responses';

const READINESS = { 200: { schema: healthResponseSchema }, 503: { schema: healthResponseSchema } } as const;

/** The product's own routes: health, metrics, the front ends' wiring and public settings. */
export const platformRoutes = defineRoutes({
  getHealth: { method: 'get', path: '/api/health', access: 'public', responses: READINESS },
  getHealthReady: { method: 'get', path: '/api/health/ready', access: 'public', responses: READINESS },
  getHealthLive: {
    method: 'get',
    path: '/api/health/live',
    access: 'public',
    responses: { 200: { schema: livenessResponseSchema } },
  },
  getMetrics: {
    method: 'get',
    path: '/api/metrics',
    access: 'public',
    responses: { 200: { contentType: 'text/plain; version=0.0.4; charset=utf-8' } },
  },
  getRemoteRegistry: {
    method: 'get',
    path: '/api/remotes',
    access: 'public',
    responses: { 200: { schema: remoteRegistrySchema } },
  },
  getOrgConfig: { method: 'get', path: '/api/config', access: 'public', responses: { 200: { schema: orgConfigSchema } } },
});

/** This API's description and its reference page. */
export const referenceRoutes = defineRoutes({
  getOpenApiDocument: {
    method: 'get',
    path: '/api/openapi.json',
    access: 'public',
    responses: { 200: { contentType: 'application/json' } },
  },
  getApiReferencePage: { method: 'get', path: '/api/docs', access: 'public', responses: { 200: { contentType: 'text/html' } } },
});
