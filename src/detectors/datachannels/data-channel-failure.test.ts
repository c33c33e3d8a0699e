import { expect } from 'vitest';
import type { DataChannelStats } from '../../../src/computed/ice-transport.js';
import { connection, ice, lifecycle, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './data-channel-failure.js';

/** Connection closes at T0 + 30 s (the builder's lifecycle). */
const CLOSED_AT = T0 + 30_000;

/** A data channel seen from T0 + 1 s to `lastSeenAt`, going through `states` ([state, ms after T0]). */
const channel = (
  states: [string, number][],
  lastSeenAt = CLOSED_AT - 200,
  label = 'chat',
): DataChannelStats => ({
  id: 'D1',
  label,
  states: states.map(([state, ms]) => ({ state, at: T0 + ms })),
  state: states[states.length - 1]?.[0],
  firstSeenAt: T0 + 1000,
  lastSeenAt,
  totals: {},
});

/** A connected call carrying these data channels. */
const withChannels = (...dataChannels: DataChannelStats[]) =>
  session({ connections: [connection({ ice: ice({ dataChannels }) })] });

detectorCases(detector, {
  fires: [
    {
      name: 'a channel stuck in connecting for the whole call is high',
      session: withChannels(channel([['connecting', 1000]])),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source).toEqual({ pid: 'pc1', did: 'D1', labelId: 'chat' });
        expect(o!.firstSeenAt).toBe(T0 + 1000);
        expect(o!.indicators).toEqual({ label: 'chat', state: 'connecting' });
        expect(o!.meaning).toBe('Data channel "chat" never opened on pc1.');
      },
    },
    {
      name: 'a channel closed 20 s before its connection is medium',
      session: withChannels(
        channel([
          ['connecting', 1000],
          ['open', 2000],
          ['closing', 9900],
          ['closed', 10_000],
        ]),
      ),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 10_000);
        expect(o!.indicators).toEqual({ label: 'chat', closedBeforeEndMs: 20_000 });
        expect(o!.meaning).toBe('Data channel "chat" closed 20 s before its connection ended.');
      },
    },
    {
      name: 'unlabelled channel, no close event: the end is the last stats sample',
      session: session({
        connections: [
          connection({
            lifecycle: lifecycle({ closedAt: undefined, closed: false }),
            ice: ice({
              dataChannels: [
                channel(
                  [
                    ['open', 1000],
                    ['closed', 20_000],
                  ],
                  T0 + 29_000,
                  '',
                ),
              ],
            }),
          }),
        ],
      }),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.indicators.closedBeforeEndMs).toBe(9300);
        expect(o!.source).toEqual({ pid: 'pc1', did: 'D1' });
        expect(o!.meaning).toBe('Data channel "D1" closed 9 s before its connection ended.');
      },
    },
  ],
  quiet: [
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real data-channel-only call',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'closed 4.5 s before the connection (under 5 s)',
      session: withChannels(
        channel([
          ['open', 2000],
          ['closed', 25_500],
        ]),
      ),
    },
    {
      name: 'not yet open, seen for 4 s only',
      session: withChannels(channel([['connecting', 1000]], T0 + 5000)),
    },
  ],
  notApplicable: [
    {
      name: 'real call whose ICE failed (channel never connected)',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
    },
    {
      name: 'real audio-only call (no data channel)',
      session: fixtureSession('chromium156/audio-only/webrtc_internals_dump.txt'),
    },
  ],
});
