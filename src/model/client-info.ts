/** What a dump says about the client that produced it. Every field is optional: eras differ. */
export interface ClientInfo {
  userAgent?: string;
  /** navigator.userAgentData as recorded: `{brands, fullVersionList, mobile, platform}` or a brand array. */
  userAgentData?: unknown;
  hardwareConcurrency?: number;
  /** GiB, as navigator.deviceMemory reports it. */
  deviceMemory?: number;
  /** Chrome's cpuPerformance tier (1 = low ... 4 = high), when recorded. */
  cpuPerformance?: number;
  screen?: { width?: number; height?: number; devicePixelRatio?: number };
  window?: { width?: number; height?: number };
  /** Page URL and origin of the call. */
  url?: string;
  origin?: string;
  /** Number of page reloads reported by rtcstats-js. */
  reloadCount?: number;
  /** Epoch ms when the dump was written or the client connected to the stats server. */
  dumpTime?: number;
}

/** End-user ids the application attached to the dump (rtcstats identity, legacy constraints...). */
export interface Identity {
  userId?: string;
  conferenceId?: string;
  sessionId?: string;
  /** Everything else the dump carried, kept for display. */
  extra: Record<string, unknown>;
}
