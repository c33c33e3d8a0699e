/**
 * The moment the viewer points at (an observation's firstSeenAt, a timeline event, a cause): charts
 * mark it with a line, and shade `span` (the cause's episode) when there is one.
 */

export interface Moment {
  at: number;
  span?: [number, number];
}

type Listener = (moment: Moment) => void;
const listeners: Listener[] = [];

export const onMoment = (listener: (atMs: number) => void): void => {
  listeners.push((m) => listener(m.at));
};

/** Listeners that also want the span. */
export const onMomentSpan = (listener: Listener): void => {
  listeners.push(listener);
};

export function showMoment(atMs: number, span?: [number, number]): void {
  const moment: Moment = span ? { at: atMs, span } : { at: atMs };
  for (const listener of listeners) listener(moment);
}

const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');
/** Anchor ids of the chart cards, so that observations can link to the stream they concern. */
export const streamAnchor = (key: string): string => `stream-${safe(key)}`;
export const connectionAnchor = (pid: string): string => `pc-${safe(pid)}`;
