import { SECOND_FACTOR_MESSAGES as M } from '@tht/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { secondFactorDecider, type SecondFactorEvent } from './second-factor-decider';

const spec = deciderSpec(secondFactorDecider);

const enabled: SecondFactorEvent = {
  type: 'SecondFactorEnabled',
  data: { userId: 4, encryptedSecret: 'v1.sealed', recoveryCodeHashes: ['salt-a:hash-a', 'salt-b:hash-b'], timeStep: 100 },
};
const disabled: SecondFactorEvent = { type: 'SecondFactorDisabled', data: { userId: 4 } };
const codeUsed = (timeStep: number): SecondFactorEvent => ({ type: 'SecondFactorCodeUsed', data: { userId: 4, timeStep } });
const recoveryUsed = (recoveryCodeHash: string, recoveryCodesLeft: number): SecondFactorEvent => ({
  type: 'RecoveryCodeUsed',
  data: { userId: 4, recoveryCodeHash, recoveryCodesLeft },
});

describe('turning the second factor on', () => {
  const enable = {
    type: 'EnableSecondFactor',
    userId: 4,
    encryptedSecret: 'v1.sealed',
    recoveryCodeHashes: ['salt-a:hash-a', 'salt-b:hash-b'],
    timeStep: 100,
  } as const;

  it('turns it on with the first code, the sealed key and the recovery codes', () => {
    spec.given().when(enable).then(enabled);
  });

  it('refuses while it is on, and turns on again after it was turned off', () => {
    spec.given(enabled).when(enable).thenRefuses('conflict', M.alreadyOn);
    spec.given(enabled, disabled).when(enable).then(enabled);
  });
});

describe('a code at sign-in', () => {
  it('is accepted once: that time step and every earlier one are refused afterwards', () => {
    spec.given(enabled).when({ type: 'UseCode', userId: 4, timeStep: 101 }).then(codeUsed(101));
    spec
      .given(enabled, codeUsed(101))
      .when({ type: 'UseCode', userId: 4, timeStep: 101 })
      .thenRefuses('invalid', M.codeAlreadyUsed);
    spec
      .given(enabled, codeUsed(101))
      .when({ type: 'UseCode', userId: 4, timeStep: 100 })
      .thenRefuses('invalid', M.codeAlreadyUsed);
    spec.given(enabled, codeUsed(101)).when({ type: 'UseCode', userId: 4, timeStep: 102 }).then(codeUsed(102));
  });

  it('refuses the confirming code again', () => {
    spec.given(enabled).when({ type: 'UseCode', userId: 4, timeStep: 100 }).thenRefuses('invalid', M.codeAlreadyUsed);
  });

  it('is refused without a second factor', () => {
    spec.given().when({ type: 'UseCode', userId: 4, timeStep: 100 }).thenRefuses('conflict', M.notOn);
    spec.given(enabled, disabled).when({ type: 'UseCode', userId: 4, timeStep: 200 }).thenRefuses('conflict', M.notOn);
  });
});

describe('a recovery code', () => {
  it('works once, and says how many are left', () => {
    spec
      .given(enabled)
      .when({ type: 'UseRecoveryCode', userId: 4, recoveryCodeHash: 'salt-b:hash-b' })
      .then(recoveryUsed('salt-b:hash-b', 1));
    spec
      .given(enabled, recoveryUsed('salt-b:hash-b', 1))
      .when({ type: 'UseRecoveryCode', userId: 4, recoveryCodeHash: 'salt-b:hash-b' })
      .thenRefuses('invalid', M.wrongCode);
    spec
      .given(enabled, recoveryUsed('salt-b:hash-b', 1))
      .when({ type: 'UseRecoveryCode', userId: 4, recoveryCodeHash: 'salt-a:hash-a' })
      .then(recoveryUsed('salt-a:hash-a', 0));
  });

  it('of an earlier enrolment does not work after turning it off and on again with new codes', () => {
    const again: SecondFactorEvent = { ...enabled, data: { ...enabled.data, recoveryCodeHashes: ['salt-c:hash-c'] } };
    spec
      .given(enabled, disabled, again)
      .when({ type: 'UseRecoveryCode', userId: 4, recoveryCodeHash: 'salt-a:hash-a' })
      .thenRefuses('invalid', M.wrongCode);
  });
});

describe('turning the second factor off', () => {
  it('with the password, or with an unused code (which is then used)', () => {
    spec.given(enabled).when({ type: 'DisableSecondFactor', userId: 4, timeStep: null, required: false }).then(disabled);
    spec
      .given(enabled)
      .when({ type: 'DisableSecondFactor', userId: 4, timeStep: 103, required: false })
      .then(codeUsed(103), disabled);
    spec
      .given(enabled, codeUsed(103))
      .when({ type: 'DisableSecondFactor', userId: 4, timeStep: 103, required: false })
      .thenRefuses('invalid', M.codeAlreadyUsed);
  });

  it('is refused when it is required (ADMIN_MFA=required) or not on', () => {
    spec
      .given(enabled)
      .when({ type: 'DisableSecondFactor', userId: 4, timeStep: null, required: true })
      .thenRefuses('forbidden', M.requiredCannotTurnOff);
    spec.given().when({ type: 'DisableSecondFactor', userId: 4, timeStep: null, required: false }).thenRefuses('conflict', M.notOn);
  });
});

describe("the operator's reset", () => {
  it('turns it off even when required, and only when it is on', () => {
    spec.given(enabled, codeUsed(101)).when({ type: 'ResetSecondFactor', userId: 4 }).then(disabled);
    spec.given(enabled, disabled).when({ type: 'ResetSecondFactor', userId: 4 }).thenRefuses('conflict', M.notOn);
  });
});
