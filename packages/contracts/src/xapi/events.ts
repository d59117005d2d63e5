import type { XapiTrainingType } from './clients';

/**
 * The connected systems' events (decision 044), on a stream per system, `xapi-client-<id>`: what
 * the audit log shows of them. The secret's digest is never in an event: it stays in `xapi.clients`.
 */
export interface XapiEventData {
  /** An administrator connected a system; `key` is its user name for HTTP Basic, not a secret. */
  XapiClientCreated: { clientId: string; name: string; key: string; trainingType: XapiTrainingType };
  XapiClientEnabled: { clientId: string; name: string };
  XapiClientDisabled: { clientId: string; name: string };
  /** Its key stops working; the statements it sent stay. */
  XapiClientDeleted: { clientId: string; name: string };
  /** Which verbs make its statements training, and the hours of one without a duration (decision 045). */
  XapiClientTrainingRulesSet: { clientId: string; name: string; verbs: string[]; defaultHours: number | null };
}

export type XapiEventType = keyof XapiEventData;

export type XapiEvent = {
  [Type in XapiEventType]: { type: Type; data: XapiEventData[Type] };
}[XapiEventType];

export const xapiClientStream = (clientId: string) => `xapi-client-${clientId}`;
