import {
  DEFAULT_TRAINING_RULES,
  XAPI_MESSAGES as M,
  type XapiEvent,
  type XapiTrainingRules,
  type XapiTrainingType,
} from '@tht/contracts';
import { DomainError, type Decider } from '../platform/decider';

/** A connected system as its stream folds: absent, live (enabled or not, with its training rules), or deleted. */
export type XapiClientState =
  | { status: 'absent' }
  | { status: 'live'; name: string; enabled: boolean; rules: XapiTrainingRules }
  | { status: 'deleted'; name: string };

export type XapiClientCommand =
  | { type: 'CreateXapiClient'; clientId: string; name: string; key: string; trainingType: XapiTrainingType }
  | { type: 'SetXapiClientEnabled'; clientId: string; enabled: boolean }
  | { type: 'DeleteXapiClient'; clientId: string }
  | { type: 'SetXapiTrainingRules'; clientId: string; rules: XapiTrainingRules };

const sameRules = (a: XapiTrainingRules, b: XapiTrainingRules) =>
  a.defaultHours === b.defaultHours && a.verbs.length === b.verbs.length && a.verbs.every((verb, i) => verb === b.verbs[i]);

function evolve(state: XapiClientState, event: XapiEvent): XapiClientState {
  switch (event.type) {
    case 'XapiClientCreated':
      return { status: 'live', name: event.data.name, enabled: true, rules: DEFAULT_TRAINING_RULES };
    case 'XapiClientEnabled':
    case 'XapiClientDisabled':
      return state.status === 'live' ? { ...state, enabled: event.type === 'XapiClientEnabled' } : state;
    case 'XapiClientDeleted':
      return { status: 'deleted', name: event.data.name };
    case 'XapiClientTrainingRulesSet': {
      const { verbs, defaultHours } = event.data;
      return state.status === 'live' ? { ...state, rules: { verbs, defaultHours } } : state;
    }
  }
}

function liveOnly(state: XapiClientState): Extract<XapiClientState, { status: 'live' }> {
  if (state.status !== 'live') throw new DomainError('not-found', M.clientNotFound);
  return state;
}

/**
 * A connected system's life (stream `xapi-client-<id>`, decision 044): created once, enabled or
 * disabled (a switch to its current value records nothing), its training rules set (decision
 * 045; the same rules again record nothing), deleted for good.
 */
export const xapiClientDecider: Decider<XapiClientState, XapiClientCommand, XapiEvent> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateXapiClient': {
        if (state.status !== 'absent') throw new DomainError('conflict', M.clientExists);
        const { clientId, name, key, trainingType } = command;
        return [{ type: 'XapiClientCreated', data: { clientId, name, key, trainingType } }];
      }
      case 'SetXapiClientEnabled': {
        const live = liveOnly(state);
        if (live.enabled === command.enabled) return [];
        const data = { clientId: command.clientId, name: live.name };
        return [command.enabled ? { type: 'XapiClientEnabled', data } : { type: 'XapiClientDisabled', data }];
      }
      case 'DeleteXapiClient': {
        const live = liveOnly(state);
        return [{ type: 'XapiClientDeleted', data: { clientId: command.clientId, name: live.name } }];
      }
      case 'SetXapiTrainingRules': {
        const live = liveOnly(state);
        if (sameRules(live.rules, command.rules)) return [];
        const data = { clientId: command.clientId, name: live.name, ...command.rules, verbs: [...command.rules.verbs] };
        return [{ type: 'XapiClientTrainingRulesSet', data }];
      }
    }
  },
};
