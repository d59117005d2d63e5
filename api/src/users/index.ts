/** The users feature's public surface for other features. */
export { decideOnAccount, openAccount } from './account-commands';
export {
  checkCurrentPassword,
  type AccountStreamEvent,
  type CurrentPasswordProof,
  type EmailConfirmationToken,
  type NewAccount,
} from './account-decider';
export { migrateAccountStreams } from './account-stream';
export { startLeaverRetention } from './leaver-retention';
export {
  addDirectoryUser,
  addSsoUser,
  addUser,
  deactivateUser,
  deleteDirectoryUser,
  placeClaimedSsoUser,
  reactivateUser,
  updateDirectoryUser,
  updateUser,
} from './users-commands';
export { describeUsersApi } from './users-openapi';
export {
  currentUserResponse,
  existingUserIds,
  findResetTokenOwner,
  findUserByEmail,
  findUserById,
  getUser,
  hasDirectReports,
  listManagerOptions,
  listUsers,
  toUser,
  toUserSummary,
} from './users-queries';
export { createUsersRouter } from './users-routes';
export { pageWindow, peopleMatching } from './users-search';
