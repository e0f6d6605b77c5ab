/** GET /dashboard (R-DASH-2; times in minutes). */
export interface DashboardDto {
  counters: {
    supportPending: number;
    supportHappening: number;
    supportFinished: number;
    leads: number;
    avgSupportTime: number;
    avgWaitTime: number;
  };
  attendants: { id: number; name: string; rating: number; avgSupportTime: number; tickets: number; online: boolean }[];
  /** Tickets created today per hour (24 slots, the company's time zone). */
  hourly: number[];
}
