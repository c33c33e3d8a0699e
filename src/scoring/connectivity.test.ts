import { describe, expect, it } from 'vitest';
import { connection, flat, ice, lifecycle, pair, signaling, T0 } from '../../test/builders/session.js';
import { connectionScore, connectivityScore } from './connectivity.js';

const withRtt = (rtt: number) =>
  connection({ ice: ice({ pairs: [pair({ series: { rttMs: flat(30, rtt) } })] }) });

describe('connectivity score', () => {
  it('is 5 for a fast, direct, UDP connection', () => {
    expect(connectionScore(connection())).toBe(5);
    expect(connectivityScore([connection()])).toBe(5);
  });

  it('is null when no connection produced a valid pair (none tried ICE, or ICE failed), 1 when ICE got through but the connection did not', () => {
    const idle = connection({
      ice: ice({ pairs: [] }),
      lifecycle: lifecycle({
        states: { signaling: [], iceConnection: [], connection: [], iceGathering: [], dtls: [] },
        everConnected: false,
        iceConnected: false,
      }),
    });
    expect(connectivityScore([idle])).toBeNull();
    expect(connectivityScore([])).toBeNull();
    const failed = connection({
      lifecycle: lifecycle({
        everConnected: false,
        iceConnected: false,
        failed: true,
        states: {
          signaling: [],
          iceConnection: [
            { state: 'checking', at: T0 },
            { state: 'failed', at: T0 + 30_000 },
          ],
          connection: [{ state: 'failed', at: T0 + 30_000 }],
          iceGathering: [],
          dtls: [],
        },
      }),
    });
    expect(connectivityScore([failed])).toBeNull();
    // ICE connected, DTLS never completed: a pair worked, the connection failed.
    const dtlsFailed = connection({
      lifecycle: lifecycle({ everConnected: false, iceConnected: true, dtlsNeverCompleted: true }),
    });
    expect(connectivityScore([dtlsFailed])).toBe(1);
  });

  it('steps down with RTT of the selected pair', () => {
    expect(connectionScore(withRtt(100))).toBe(5);
    expect(connectionScore(withRtt(200))).toBe(4.75);
    expect(connectionScore(withRtt(400))).toBe(4.25);
    expect(connectionScore(withRtt(1000))).toBe(3.5);
  });

  it('charges slow setup, relays by protocol and direct TCP', () => {
    expect(connectionScore(connection({ lifecycle: lifecycle({ iceConnectionTimeMs: 6_000 }) }))).toBe(4.5);
    expect(connectionScore(connection({ lifecycle: lifecycle({ iceConnectionTimeMs: 12_000 }) }))).toBe(4);
    const relayed = (relayProtocol: 'udp' | 'tcp' | 'tls') => {
      const local = { type: 'relay', protocol: 'udp', relayProtocol, address: '198.51.100.1', port: 3478 };
      return connection({ ice: ice({ selected: [{ at: T0, pairId: 'CP1', local, remote: undefined }] }) });
    };
    expect(connectionScore(relayed('udp'))).toBe(4.75);
    expect(connectionScore(relayed('tcp'))).toBe(4.25);
    expect(connectionScore(relayed('tls'))).toBe(4);
    const tcp = { type: 'host', protocol: 'tcp', address: '192.0.2.10', port: 9 };
    expect(
      connectionScore(
        connection({ ice: ice({ selected: [{ at: T0, pairId: 'CP1', local: tcp, remote: undefined }] }) }),
      ),
    ).toBe(4.5);
  });

  it('charges disconnections, restarts and losing the connection, capped', () => {
    const flapping = (drops: number, last: string) =>
      connection({
        signaling: signaling({ iceRestarts: 5 }),
        lifecycle: lifecycle({
          failedAfterConnected: true,
          states: {
            signaling: [],
            iceConnection: [
              { state: 'checking', at: T0 },
              { state: 'connected', at: T0 + 100 },
              ...Array.from({ length: drops }, (_, i) => [
                { state: 'disconnected', at: T0 + 1000 * (i + 1) },
                { state: 'connected', at: T0 + 1000 * (i + 1) + 500 },
              ]).flat(),
            ],
            connection: [{ state: last, at: T0 + 20_000 }],
            iceGathering: [],
            dtls: [],
          },
        }),
      });
    // 5 − recovered 1 − drops min(1.5, 0.5·n) − restarts min(0.75, 0.25·5)
    expect(connectionScore(flapping(1, 'connected'))).toBe(5 - 1 - 0.5 - 0.75);
    expect(connectionScore(flapping(10, 'connected'))).toBe(5 - 1 - 1.5 - 0.75);
    expect(connectionScore(flapping(2, 'failed'))).toBe(5 - 2 - 1 - 0.75);
    // 5 − 2 − 1.5 − 0.75 = 0.75: the score never goes below 1.
    expect(connectionScore(flapping(10, 'failed'))).toBe(1);
  });

  it('judges the connection that carried the most, lowered for other failed ones', () => {
    const main = connection({ id: 'main' });
    // Another media connection (it had a track) that never came up.
    const failedSide = connection({
      id: 'side',
      streams: [],
      signaling: signaling({ localTracks: [{ kind: 'audio', trackId: 'a1', at: T0 }] }),
      ice: ice({ pairs: [pair({ totals: {} })] }),
      lifecycle: lifecycle({ everConnected: false, iceConnected: false, failed: true }),
    });
    expect(connectivityScore([failedSide, main])).toBe(4.5);
    expect(
      connectivityScore([failedSide, { ...failedSide, id: 'side2' }, { ...failedSide, id: 'side3' }, main]),
    ).toBe(4);
    // A network probe (no track, no stream, no media section) that failed beside the call costs nothing.
    const probe = { ...failedSide, id: 'probe', signaling: signaling() };
    expect(connectivityScore([probe, main])).toBe(5);
  });
});
