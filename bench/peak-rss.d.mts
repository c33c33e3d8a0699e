/** This process's peak resident set, KiB (see peak-rss.mjs). */
export function peakRssKiB(): number;
