export * from './port';
export { createEventStore, type CreateEventStoreOptions } from './create-event-store';
export { migrateEventStore } from './postgres-schema';
export { canonicalEvent, chainHash, GENESIS_HASH, type ChainedEvent } from './hash-chain';
export {
  describeVerification,
  exportChain,
  readChainStatus,
  sealChain,
  startChainSealer,
  verifyChain,
  type ChainLink,
  type ChainSealer,
  type ChainStatus,
  type ExportedEvent,
  type VerifyResult,
} from './postgres-chain';
export { readLogPage, type LogFilter, type LogPage, type LogPageRequest } from './postgres-log';
export { upcastEvent } from './upcasting';
export { EventLoopTurns } from './event-loop-turns';
export {
  createPersonalData,
  migratePersonalKeys,
  PERSONAL_KEYS_SCHEMA,
  SEALED_KEY,
  sealedOf,
  type PersonalData,
} from './personal-data';
export {
  describeReseal,
  readReseals,
  recordLogWrittenSealed,
  sealPersonalDataOfLog,
  type AttributeOwners,
  type ChainReseal,
  type LogUpgradeOptions,
} from './personal-data-upgrade';
