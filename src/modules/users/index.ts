/** The users module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { bumpCompanyTokenVersions, bumpTokenVersion, clearDefaultConnection, insertUser, markSignedIn, setPasswordHash, startSession } from "./accounts";
export { sweepOfflineUsers } from "./jobs";
export { canActOnAccount, canManageUsers } from "./policy";
export { publishEnded, setUserOnline } from "./presence";
export {
  companyUserIdsWhere,
  countAllUsers,
  findUser,
  findUserByEmail,
  listCompanyUsers,
  loadSessionUser,
  loadTokenVersions,
  queueMemberIds,
  queuesOfUsers,
  type UserRow,
} from "./queries";
export { users } from "./schema";
export { createUser, deleteUser, listAllUsers, listUsers, showUser, updateUser } from "./service";
