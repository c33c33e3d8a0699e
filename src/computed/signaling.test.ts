import { describe, expect, it } from 'vitest';
import { fixtureSession } from '../../test/support/detector-cases.js';
import { CHROMIUM_FORMATS } from '../../test/support/fixtures.js';
import { StatsStore } from '../model/stats-report.js';
import type { TraceEvent } from '../model/trace-event.js';
import { signaling } from './signaling.js';

const pc = (events: TraceEvent[]) => ({ id: 'pc', events, stats: new StatsStore(), flags: {} });
const ev = (type: string, value: unknown, timestamp = 1000): TraceEvent => ({ type, value, timestamp });

describe('signaling', () => {
  it('takes tracks from transceiver events when the log has no addTrack/ontrack', () => {
    const s = signaling(
      pc([
        ev('transceiverAdded', {
          reason: 'addTrack',
          kind: 'audio',
          sender: { track: 'mic' },
          receiver: { track: 'r0' },
        }),
        ev('transceiverAdded', {
          reason: 'setRemoteDescription',
          kind: 'video',
          sender: { track: null },
          receiver: { track: 'cam-remote' },
        }),
        ev('transceiverModified', {
          reason: 'setRemoteDescription',
          currentDirection: 'sendrecv',
          sender: { track: 'mic' },
          receiver: { track: 'r0' },
        }),
      ]),
    );
    expect(s.localTracks.map((t) => t.trackId)).toEqual(['mic']);
    expect(s.remoteTracks.map((t) => t.trackId)).toEqual(['cam-remote', 'r0']);
  });

  it('prefers addTrack/ontrack when the log has them', () => {
    const s = signaling(
      pc([
        ev('addTrack', { kind: 'audio', trackId: 'mic', streamIds: [] }),
        ev('transceiverAdded', {
          reason: 'addTrack',
          kind: 'audio',
          sender: { track: 'other' },
          receiver: { track: 'r0' },
        }),
      ]),
    );
    expect(s.localTracks.map((t) => t.trackId)).toEqual(['mic']);
  });

  it('counts negotiations, their duration and an unfinished one', () => {
    const s = signaling(
      pc([
        ev('createOffer', { iceRestart: false }, 1000),
        ev('onsignalingstatechange', 'have-local-offer', 1010),
        ev('onsignalingstatechange', 'stable', 1300),
        ev('setRemoteDescription', { type: 'offer', sdp: 'v=0\r\n' }, 2000),
        ev('onsignalingstatechange', 'have-remote-offer', 2001),
      ]),
    );
    expect(s.negotiations).toHaveLength(2);
    expect(s.negotiations[0]).toMatchObject({
      initiator: 'local',
      startedAt: 1000,
      completedAt: 1300,
      durationMs: 300,
    });
    expect(s.negotiations[1]).toMatchObject({ initiator: 'remote', startedAt: 2000, completedAt: undefined });
    expect(s.pendingNegotiation).toBe(true);
  });

  it('counts ICE restarts from new local credentials and from explicit restarts', () => {
    const sdp = (ufrag: string) => ({
      type: 'offer',
      sdp: `v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=ice-ufrag:${ufrag}\r\n`,
    });
    const s = signaling(
      pc([
        ev('setLocalDescription', sdp('aaaa')),
        ev('createOffer', { iceRestart: true }),
        ev('setLocalDescription', sdp('bbbb')),
      ]),
    );
    expect(s.iceRestarts).toBe(1);
  });
});

describe('ICE restarts on real calls', () => {
  // The caller called restartIce() at 15 s: its offer did not ask for it in createOffer, and the
  // callee's answer only carried the new credentials.
  const files = [...CHROMIUM_FORMATS.caller, ...CHROMIUM_FORMATS.callee];
  it.each(files)(
    'ice-restart/%s: the negotiation that changed the ICE credentials is the restart',
    async (file) => {
      const session = await fixtureSession(`chromium156/ice-restart/${file}`)();
      const { negotiations, iceRestarts } = session.connections[0]!.signaling;
      expect(iceRestarts).toBe(1);
      expect(negotiations.map((n) => n.iceRestart)).toEqual([false, true]);
    },
  );
});
