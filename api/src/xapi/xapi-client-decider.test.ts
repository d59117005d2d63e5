import { DEFAULT_TRAINING_VERBS, XAPI_MESSAGES as M } from '@tht/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { xapiClientDecider } from './xapi-client-decider';

const clientId = '0b6e4a52-52c3-4b61-9a4e-0b1e7a1c2d01';
const created = {
  type: 'XapiClientCreated',
  data: { clientId, name: 'Moodle', key: 'a1b2c3d4e5f6a1b2c3d4e5f6', trainingType: 'external' },
} as const;

describe('a connected system', () => {
  const spec = deciderSpec(xapiClientDecider);

  it('is created once, with its name, key and training type (never its secret)', () => {
    spec
      .given()
      .when({ type: 'CreateXapiClient', ...created.data })
      .then(created);
    spec
      .given(created)
      .when({ type: 'CreateXapiClient', ...created.data })
      .thenRefuses('conflict', M.clientExists);
  });

  it('is disabled and enabled again; switching to what it is records nothing', () => {
    const disabled = { type: 'XapiClientDisabled', data: { clientId, name: 'Moodle' } } as const;
    spec.given(created).when({ type: 'SetXapiClientEnabled', clientId, enabled: false }).then(disabled);
    spec.given(created).when({ type: 'SetXapiClientEnabled', clientId, enabled: true }).thenNothingHappens();
    spec
      .given(created, disabled)
      .when({ type: 'SetXapiClientEnabled', clientId, enabled: true })
      .then({ type: 'XapiClientEnabled', data: { clientId, name: 'Moodle' } });
  });

  it('is deleted for good: nothing is done to a deleted or unknown system', () => {
    const deleted = { type: 'XapiClientDeleted', data: { clientId, name: 'Moodle' } } as const;
    spec.given(created).when({ type: 'DeleteXapiClient', clientId }).then(deleted);
    spec.given(created, deleted).when({ type: 'DeleteXapiClient', clientId }).thenRefuses('not-found', M.clientNotFound);
    spec.given().when({ type: 'SetXapiClientEnabled', clientId, enabled: false }).thenRefuses('not-found', M.clientNotFound);
  });

  it('has training rules set; the same rules again record nothing (decision 045)', () => {
    const rules = { verbs: ['http://adlnet.gov/expapi/verbs/completed'], defaultHours: 1.5 };
    const set = { type: 'XapiClientTrainingRulesSet', data: { clientId, name: 'Moodle', ...rules } } as const;
    spec.given(created).when({ type: 'SetXapiTrainingRules', clientId, rules }).then(set);
    spec.given(created, set).when({ type: 'SetXapiTrainingRules', clientId, rules }).thenNothingHappens();
    spec
      .given(created)
      .when({ type: 'SetXapiTrainingRules', clientId, rules: { verbs: [...DEFAULT_TRAINING_VERBS], defaultHours: null } })
      .thenNothingHappens();
    spec.given().when({ type: 'SetXapiTrainingRules', clientId, rules }).thenRefuses('not-found', M.clientNotFound);
  });
});
