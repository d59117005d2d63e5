/** The second-factor feature's public surface for other features. */
export { proveSecondFactor } from './second-factor-commands';
export { secondFactorSetupPending } from './second-factor-hold';
export { describeSecondFactorApi } from './second-factor-openapi';
export { createSecondFactorRouter } from './second-factor-routes';
