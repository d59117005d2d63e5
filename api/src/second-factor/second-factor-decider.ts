import { SECOND_FACTOR_MESSAGES as M, type ProductEvent } from '@tht/contracts';
import { DomainError, type Decider, type StoredEvent } from '../platform/decider';

/**
 * An account's second factor as its own stream (`mfa-<userId>`) tells it. `lastTimeStep` is the
 * RFC 6238 time step of the last code accepted: that code and every earlier one are refused, so a
 * code seen over a shoulder or in a proxy's log cannot be replayed within its window.
 */
export type SecondFactorState =
  | { enabled: false; lastTimeStep: number }
  | { enabled: true; encryptedSecret: string; recoveryCodeHashes: readonly string[]; lastTimeStep: number };

export type SecondFactorEvent = ProductEvent<
  'SecondFactorEnabled' | 'SecondFactorCodeUsed' | 'RecoveryCodeUsed' | 'SecondFactorDisabled'
>;

/**
 * The handler checks what needs the secret or a clock (decrypting, which time step a code
 * matches, which stored hash a recovery code has) and brings the result.
 */
export type SecondFactorCommand =
  /** The authenticator's first code matched `timeStep`: turn it on with the sealed key and the recovery codes' hashes. */
  | { type: 'EnableSecondFactor'; userId: number; encryptedSecret: string; recoveryCodeHashes: readonly string[]; timeStep: number }
  /** A code matched `timeStep` (a sign-in). */
  | { type: 'UseCode'; userId: number; timeStep: number }
  /** A recovery code whose stored hash is `recoveryCodeHash` (a sign-in). */
  | { type: 'UseRecoveryCode'; userId: number; recoveryCodeHash: string }
  /**
   * Turn it off, proven by a code of `timeStep` or (null) by the password; `required`: ADMIN_MFA=required
   * applies to this account, so it stays on.
   */
  | { type: 'DisableSecondFactor'; userId: number; timeStep: number | null; required: boolean }
  /** The operator's reset on the server (phone and recovery codes lost): off even when required, set up again at the next sign-in. */
  | { type: 'ResetSecondFactor'; userId: number };

const NEVER_USED = -1;

type Enabled = Extract<SecondFactorState, { enabled: true }>;

/** The state of a second factor that is on, or the refusal of a command that needs one. */
export function enabled(state: SecondFactorState): Enabled {
  if (!state.enabled) throw new DomainError('conflict', M.notOn);
  return state;
}

function checkUnused(state: SecondFactorState, timeStep: number): void {
  if (timeStep <= state.lastTimeStep) throw new DomainError('invalid', M.codeAlreadyUsed);
}

function useCode(
  state: SecondFactorState,
  { userId, timeStep }: Extract<SecondFactorCommand, { type: 'UseCode' }>,
): SecondFactorEvent[] {
  enabled(state);
  checkUnused(state, timeStep);
  return [{ type: 'SecondFactorCodeUsed', data: { userId, timeStep } }];
}

function useRecoveryCode(
  state: SecondFactorState,
  { userId, recoveryCodeHash }: Extract<SecondFactorCommand, { type: 'UseRecoveryCode' }>,
): SecondFactorEvent[] {
  const { recoveryCodeHashes } = enabled(state);
  if (!recoveryCodeHashes.includes(recoveryCodeHash)) throw new DomainError('invalid', M.wrongCode);
  return [{ type: 'RecoveryCodeUsed', data: { userId, recoveryCodeHash, recoveryCodesLeft: recoveryCodeHashes.length - 1 } }];
}

function disable(
  state: SecondFactorState,
  { userId, timeStep, required }: Extract<SecondFactorCommand, { type: 'DisableSecondFactor' }>,
): SecondFactorEvent[] {
  enabled(state);
  if (required) throw new DomainError('forbidden', M.requiredCannotTurnOff);
  if (timeStep === null) return [{ type: 'SecondFactorDisabled', data: { userId } }];
  checkUnused(state, timeStep);
  return [
    { type: 'SecondFactorCodeUsed', data: { userId, timeStep } },
    { type: 'SecondFactorDisabled', data: { userId } },
  ];
}

function decide(command: SecondFactorCommand, state: SecondFactorState): SecondFactorEvent[] {
  switch (command.type) {
    case 'EnableSecondFactor': {
      if (state.enabled) throw new DomainError('conflict', M.alreadyOn);
      const { userId, encryptedSecret, recoveryCodeHashes, timeStep } = command;
      return [
        { type: 'SecondFactorEnabled', data: { userId, encryptedSecret, recoveryCodeHashes: [...recoveryCodeHashes], timeStep } },
      ];
    }
    case 'UseCode':
      return useCode(state, command);
    case 'UseRecoveryCode':
      return useRecoveryCode(state, command);
    case 'DisableSecondFactor':
      return disable(state, command);
    case 'ResetSecondFactor':
      enabled(state);
      return [{ type: 'SecondFactorDisabled', data: { userId: command.userId } }];
  }
}

function evolve(state: SecondFactorState, event: StoredEvent<SecondFactorEvent>): SecondFactorState {
  switch (event.type) {
    case 'SecondFactorEnabled': {
      const { encryptedSecret, recoveryCodeHashes, timeStep } = event.data;
      return { enabled: true, encryptedSecret, recoveryCodeHashes, lastTimeStep: timeStep };
    }
    case 'SecondFactorCodeUsed':
      return { ...state, lastTimeStep: Math.max(state.lastTimeStep, event.data.timeStep) };
    case 'RecoveryCodeUsed':
      return state.enabled
        ? { ...state, recoveryCodeHashes: state.recoveryCodeHashes.filter((hash) => hash !== event.data.recoveryCodeHash) }
        : state;
    case 'SecondFactorDisabled':
      // A new authenticator key starts its own time steps.
      return { enabled: false, lastTimeStep: NEVER_USED };
  }
}

/** One account's second factor: turned on with a first code, used at sign-ins, turned off. */
export const secondFactorDecider: Decider<SecondFactorState, SecondFactorCommand, SecondFactorEvent> = {
  initialState: () => ({ enabled: false, lastTimeStep: NEVER_USED }),
  evolve,
  decide,
};
