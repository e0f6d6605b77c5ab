/** The wire shape of a plan (R-BILL-1). */
export interface PlanDto {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  /** Monthly price in BRL. */
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
  /** Offered on the signup page. */
  isPublic: boolean;
}
