import { XAPI_MESSAGES as M, xapiClientSchema, xapiRoutes } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

const SECRET =
  'The key and secret are HTTP Basic credentials for `PUBLIC_URL/xapi/`; statements sent with them name the system as their authority.';

/** The prose of the connected systems' routes (`xapiRoutes` in @tht/contracts). */
export const describeXapiApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    xapiRoutes,
    {
      tag: {
        name: 'Connected systems',
        description: 'Courses and learning platforms that report training to the xAPI Learning Record Store at /xapi/',
      },
      schemas: { XapiClient: xapiClientSchema },
      operations: {
        listXapiClients: {
          summary: 'The connected systems',
          description: 'Never their secrets.',
          responses: { 200: 'Connected systems, oldest first' },
        },
        createXapiClient: {
          summary: 'Connect a system',
          description: `${SECRET} The secret is in this answer only: it is stored as a SHA-256 digest.`,
          responses: { 201: 'Its id, key and secret' },
        },
        setXapiClientEnabled: {
          summary: 'Enable or disable a connected system',
          description:
            "A disabled system's requests are refused with 401 (within two seconds in every process); its statements stay.",
          responses: { 200: 'The system' },
          errors: { 404: [M.clientNotFound] },
        },
        deleteXapiClient: {
          summary: 'Delete a connected system',
          description: 'Its key stops working; the statements it sent stay, naming it as their authority.',
          responses: { 204: 'Deleted' },
          errors: { 404: [M.clientNotFound] },
        },
      },
    },
    settings,
  );
