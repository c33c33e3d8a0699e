/** The moment the viewer points at (an observation's firstSeenAt, a timeline event): charts mark it. */

type Listener = (atMs: number) => void;
const listeners: Listener[] = [];

export const onMoment = (listener: Listener): void => {
  listeners.push(listener);
};

export function showMoment(atMs: number): void {
  for (const listener of listeners) listener(atMs);
}

const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');
/** Anchor ids of the chart cards, so that observations can link to the stream they concern. */
export const streamAnchor = (key: string): string => `stream-${safe(key)}`;
export const connectionAnchor = (pid: string): string => `pc-${safe(pid)}`;
