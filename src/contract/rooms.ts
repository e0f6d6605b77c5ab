/** Room names. Every room is company-scoped except user and ticket rooms, whose ids are global. */
export const rooms = {
  main: (companyId: number) => `company-${companyId}-mainchannel`,
  status: (companyId: number, status: string) => `company-${companyId}-${status}`,
  notification: (companyId: number) => `company-${companyId}-notification`,
  queueStatus: (companyId: number, queueId: number | null, status: string) => `company-${companyId}-queue-${queueId ?? "null"}-${status}`,
  queueNotification: (companyId: number, queueId: number | null) => `company-${companyId}-queue-${queueId ?? "null"}-notification`,
  user: (userId: number) => `user-${userId}`,
  ticket: (ticketId: number) => `ticket-${ticketId}`,
  sandbox: (connectionId: number) => `sandbox-${connectionId}`,
  /** Users who manage campaigns and contact lists (permission campaigns:manage). */
  campaigns: (companyId: number) => `company-${companyId}-campaigns`,
};
