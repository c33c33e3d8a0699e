import { describe, expect, it } from 'vitest';
import { analyzeDump } from '../src/index.js';
import type { AnalyzeResponseData } from '../src/model/payload/analyze-response-data.js';
import type { Observation } from '../src/model/payload/observation.js';
import { CHROMIUM_FORMATS, fixture } from './support/fixtures.js';
import { ONSET_TOLERANCE_MS, truthTime } from './support/truth.js';

/**
 * The cause done to each recorded call, as its truth.json says, named by the analysis in all three
 * formats on the side that recorded it: the right family, direction and media, at medium or above,
 * dated within 3 s of the moment it was done. Calls that nothing was done to have nothing at medium
 * or above.
 */

const cache = new Map<string, Promise<AnalyzeResponseData>>();
const analyze = (path: string) => {
  let run = cache.get(path);
  if (!run) {
    run = analyzeDump(fixture(...path.split('/'))).then((r) => r.data);
    cache.set(path, run);
  }
  return run;
};

const RANK = { critical: 0, high: 1, medium: 2, low: 3, info: 4 } as const;
const serious = (o: Observation) => RANK[o.severity] <= RANK.medium;

interface Expected {
  type: string;
  family: NonNullable<Observation['cause']>['family'];
  direction?: 'inbound' | 'outbound';
  /** Index in truth.json's timeline of the moment it was done; none: from the start of the call. */
  onset?: number;
  /** When the truth gives no time, how long after the call's start the onset must be. */
  afterStartMs?: [number, number];
}

type Side = keyof typeof CHROMIUM_FORMATS;

const NETWORK: Record<string, Partial<Record<Side, Expected[]>>> = {
  'loss-late-up': {
    caller: [{ type: 'networkLossOut', family: 'network', direction: 'outbound', onset: 0 }],
    callee: [{ type: 'networkLossIn', family: 'network', direction: 'inbound', onset: 0 }],
  },
  'loss-window-down': {
    caller: [{ type: 'networkLossIn', family: 'network', direction: 'inbound', onset: 0 }],
    callee: [{ type: 'networkLossOut', family: 'network', direction: 'outbound', onset: 0 }],
  },
  loss: {
    caller: [
      { type: 'networkLossIn', family: 'network', direction: 'inbound' },
      { type: 'networkLossOut', family: 'network', direction: 'outbound' },
    ],
    callee: [
      { type: 'networkLossIn', family: 'network', direction: 'inbound' },
      { type: 'networkLossOut', family: 'network', direction: 'outbound' },
    ],
  },
  'latency-late': {
    caller: [{ type: 'highIncomingRoundTripTime', family: 'network', direction: 'inbound', onset: 0 }],
    callee: [{ type: 'highIncomingRoundTripTime', family: 'network', direction: 'inbound', onset: 0 }],
  },
  latency: {
    caller: [{ type: 'highOutgoingRoundTripTime', family: 'network', direction: 'outbound' }],
    callee: [{ type: 'highOutgoingRoundTripTime', family: 'network', direction: 'outbound' }],
  },
  jitter: {
    caller: [{ type: 'networkReorderingIn', family: 'network', direction: 'inbound' }],
    callee: [{ type: 'networkReorderingIn', family: 'network', direction: 'inbound' }],
  },
  bandwidth: {
    caller: [{ type: 'networkCongestionOut', family: 'network', direction: 'outbound' }],
    callee: [{ type: 'networkCongestionOut', family: 'network', direction: 'outbound' }],
  },
  // The callee's uplink was capped: its estimate falls; the caller's received video slows down
  // while its jitter rises (a sender that chose to send less adds no delay).
  'bandwidth-drop-down': {
    caller: [{ type: 'networkCongestionIn', family: 'network', direction: 'inbound', onset: 0 }],
    callee: [{ type: 'networkCongestionOut', family: 'network', direction: 'outbound', onset: 0 }],
  },
  outage: {
    caller: [{ type: 'connectionInterrupted', family: 'network', onset: 0 }],
    callee: [{ type: 'connectionInterrupted', family: 'network', onset: 0 }],
  },
  // The simulated overuse starts when the encoder's CPU check first runs, about 20 s into the video.
  cpu: {
    caller: [
      { type: 'cpuLimitation', family: 'device', direction: 'outbound', afterStartMs: [15_000, 28_000] },
    ],
  },
};

const NOTHING_DONE = ['clean', 'relay', 'audio-only', 'datachannel-only'];

/** The call's first media or connection activity: what "from the start" means. */
const START_SLACK_MS = 5_000;

describe('each recorded impairment is named as the cause, on each side, in each format', () => {
  const cases = Object.entries(NETWORK).flatMap(([scenario, sides]) =>
    (Object.keys(sides) as Side[]).flatMap((side) =>
      CHROMIUM_FORMATS[side].map((file) => [scenario, side, file, sides[side]!] as const),
    ),
  );
  it.each(cases)('%s, %s: %s', async (scenario, _side, file, expected) => {
    const data = await analyze(`chromium156/${scenario}/${file}`);
    for (const e of expected) {
      const found = data.observations.filter((o) => o.type === e.type && serious(o) && !o.explainedBy);
      expect(
        found.map((o) => o.type),
        `${e.type} at medium or above, explained by nothing`,
      ).toEqual([e.type]);
      const [o] = found;
      expect(o!.cause?.family).toBe(e.family);
      if (e.direction) expect(o!.direction).toBe(e.direction);
      const at = o!.firstSeenAt!;
      const sinceStart = at - Date.parse(data.callStart!);
      if (e.afterStartMs) {
        expect(sinceStart).toBeGreaterThanOrEqual(e.afterStartMs[0]);
        expect(sinceStart).toBeLessThanOrEqual(e.afterStartMs[1]);
      } else if (e.onset !== undefined)
        expect(Math.abs(at - truthTime(scenario, e.onset)), `onset of ${e.type}`).toBeLessThanOrEqual(
          ONSET_TOLERANCE_MS,
        );
      else expect(sinceStart, `${e.type} from the start`).toBeLessThanOrEqual(START_SLACK_MS);
    }
  });
});

describe('calls that nothing was done to', () => {
  const cases = NOTHING_DONE.flatMap((scenario) =>
    [...CHROMIUM_FORMATS.caller, ...CHROMIUM_FORMATS.callee].map((file) => [scenario, file] as const),
  );
  it.each(cases)('%s: %s has nothing at medium or above', async (scenario, file) => {
    const data = await analyze(`chromium156/${scenario}/${file}`);
    expect(data.observations.filter(serious).map((o) => `${o.severity} ${o.type}`)).toEqual([]);
  });
});

interface AppExpected {
  type: string;
  family: 'application' | 'remote';
  kind?: 'audio' | 'video';
  /** Index in truth.json's timeline of the app action. */
  onset?: number;
  /** The most severe it may be: what the app did is at most low on its own side. */
  atMost: 'low' | 'info' | 'high';
  atLeast?: 'high' | 'medium' | 'low';
}

const stoppedTheirs = (kind: 'audio' | 'video'): AppExpected => ({
  type: 'remoteMediaStopped',
  family: 'remote',
  kind,
  onset: 0,
  atMost: 'high',
  atLeast: 'high',
});

/**
 * What the app did, as truth.json says: named on the acting side as the app's action (family
 * application, at most low, dated within 3 s), and on the receiving side as what the other side
 * did to the media it received (family remote). `quiet` sides have nothing at medium or above.
 */
const APP: Record<string, { caller: AppExpected[]; callee: AppExpected[]; quiet: Side[] }> = {
  mute: {
    caller: [
      { type: 'trackMuted', family: 'application', kind: 'audio', onset: 0, atMost: 'info' },
      { type: 'trackMuted', family: 'application', kind: 'video', onset: 2, atMost: 'info' },
    ],
    callee: [
      { type: 'remoteTrackMuted', family: 'remote', kind: 'audio', onset: 0, atMost: 'low' },
      { type: 'remoteTrackMuted', family: 'remote', kind: 'video', onset: 2, atMost: 'low' },
    ],
    quiet: ['caller', 'callee'],
  },
  'mute-callee': {
    caller: [
      { type: 'remoteTrackMuted', family: 'remote', kind: 'video', onset: 0, atMost: 'low' },
      { type: 'remoteTrackMuted', family: 'remote', kind: 'audio', onset: 1, atMost: 'low' },
    ],
    callee: [
      { type: 'trackMuted', family: 'application', kind: 'video', onset: 0, atMost: 'info' },
      { type: 'trackMuted', family: 'application', kind: 'audio', onset: 1, atMost: 'info' },
    ],
    quiet: ['caller', 'callee'],
  },
  'track-stopped': {
    caller: [{ type: 'trackStopped', family: 'application', kind: 'video', onset: 0, atMost: 'low' }],
    callee: [stoppedTheirs('video')],
    quiet: ['caller'],
  },
  'track-stopped-callee-audio': {
    caller: [stoppedTheirs('audio')],
    callee: [{ type: 'trackStopped', family: 'application', kind: 'audio', onset: 0, atMost: 'low' }],
    quiet: ['callee'],
  },
  'remove-video': {
    caller: [{ type: 'trackRemoved', family: 'application', kind: 'video', onset: 0, atMost: 'low' }],
    callee: [stoppedTheirs('video')],
    quiet: ['caller'],
  },
  'replace-null': {
    caller: [{ type: 'trackReplaced', family: 'application', kind: 'video', onset: 0, atMost: 'low' }],
    callee: [stoppedTheirs('video')],
    quiet: ['caller'],
  },
  'max-bitrate': {
    caller: [{ type: 'encodingLimited', family: 'application', kind: 'video', onset: 0, atMost: 'low' }],
    callee: [],
    quiet: ['caller', 'callee'],
  },
  renegotiation: {
    caller: [{ type: 'renegotiation', family: 'application', onset: 0, atMost: 'info' }],
    callee: [{ type: 'renegotiation', family: 'application', onset: 0, atMost: 'info' }],
    quiet: ['caller', 'callee'],
  },
  'ice-restart': { caller: [], callee: [], quiet: ['caller', 'callee'] },
};

describe('what the app did is named on the side that did it, and what it did to the other side there', () => {
  const cases = Object.entries(APP).flatMap(([scenario, sides]) =>
    (['caller', 'callee'] as const).flatMap((side) =>
      CHROMIUM_FORMATS[side].map(
        (file) => [scenario, side, file, sides[side], sides.quiet.includes(side)] as const,
      ),
    ),
  );
  it.each(cases)('%s, %s: %s', async (scenario, _side, file, expected, quiet) => {
    const data = await analyze(`chromium156/${scenario}/${file}`);
    for (const e of expected) {
      const found = data.observations.filter(
        (o) => o.type === e.type && (e.kind === undefined || o.kind === e.kind) && !o.explainedBy,
      );
      expect(
        found.map((o) => `${o.type} ${o.kind ?? ''}`),
        `${e.type} ${e.kind ?? ''}`,
      ).toHaveLength(1);
      const [o] = found;
      expect(o!.cause?.family).toBe(e.family);
      expect(o!.side).toBe(e.family === 'application' ? 'local' : 'remote');
      expect(RANK[o!.severity], `${e.type} at most ${e.atMost}`).toBeGreaterThanOrEqual(RANK[e.atMost]);
      if (e.atLeast) expect(RANK[o!.severity]).toBeLessThanOrEqual(RANK[e.atLeast]);
      if (e.onset !== undefined)
        expect(
          Math.abs(o!.firstSeenAt! - truthTime(scenario, e.onset)),
          `onset of ${e.type}`,
        ).toBeLessThanOrEqual(ONSET_TOLERANCE_MS);
    }
    if (quiet) expect(data.observations.filter(serious).map((o) => `${o.severity} ${o.type}`)).toEqual([]);
  });
});
