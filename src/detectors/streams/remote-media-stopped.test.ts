import { expect } from 'vitest';
import { withStreams } from '../../../test/builders/media-network.js';
import { flat, stream } from '../../../test/builders/session.js';
import { recordedBothSides } from '../../../test/builders/topology.js';
import { stepAt } from '../../../test/builders/video.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { CHROMIUM_FORMATS } from '../../../test/support/fixtures.js';
import detector from './remote-media-stopped.js';

/** Received audio flowing throughout and received video with these packet rates. */
const receiving = (
  videoRate: number[],
  audioRate: readonly number[] | Float64Array = flat(videoRate.length, 50),
) =>
  withStreams(
    stream({ kind: 'video', id: 'IT01V1', ssrc: 11, n: videoRate.length, values: { packetRate: videoRate } }),
    stream({ kind: 'audio', id: 'IT01A2', ssrc: 12, n: videoRate.length, values: { packetRate: audioRate } }),
  );

/** Received audio flowing, and video from two senders of which the first stops for good at 15 s. */
const sfu = () =>
  withStreams(
    stream({ kind: 'video', id: 'IT01V1', ssrc: 11, values: { packetRate: stepAt(30, 15, 0, 60) } }),
    stream({ kind: 'video', id: 'IT01V3', ssrc: 13, values: { packetRate: flat(30, 60) } }),
    stream({ kind: 'audio', id: 'IT01A2', ssrc: 12, values: { packetRate: flat(30, 50) } }),
  );

/** Received video stopping at 15 s, when this side stopped sending its own audio too (a hang-up). */
const hangUp = () =>
  withStreams(
    stream({ kind: 'video', id: 'IT01V1', ssrc: 11, values: { packetRate: stepAt(30, 15, 0, 60) } }),
    stream({ kind: 'audio', id: 'IT01A2', ssrc: 12, values: { packetRate: flat(30, 50) } }),
    stream({ direction: 'outbound', id: 'OT01A9', ssrc: 9, values: { packetRate: stepAt(30, 16, 0, 50) } }),
  );

const gap = (n: number, from: number, to: number) =>
  Array.from({ length: n }, (_, i) => (i >= from && i < to ? 0 : 60));

detectorCases(detector, {
  fires: [
    ...CHROMIUM_FORMATS.callee.map((file) => ({
      name: `real call whose other side stopped its camera, never to resume (${file})`,
      session: fixtureSession(`chromium156/track-stopped/${file}`),
      severities: ['high'] as const,
      check: ([o]: { side?: string; kind?: string; cause?: { family: string } }[]) => {
        expect(o).toMatchObject({ side: 'remote', kind: 'video' });
        expect(o!.cause?.family).toBe('remote');
      },
    })),
    {
      name: 'both ends of the recorded call in one dump: the sender app’s action is named',
      session: recordedBothSides('track-stopped'),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.source.pid).toMatch(/^callee-/);
        expect(o!.indicators.senderAction).toBe('trackStopped');
        expect(o!.meaning).toMatch(
          /while the connection was up: the other side's app stopped its video track\.$/,
        );
      },
    },
    {
      name: 'real call whose other side stopped its microphone',
      session: fixtureSession('chromium156/track-stopped-callee-audio/webrtc_internals_dump.txt'),
      severities: ['high'],
    },
    {
      name: 'built: one of two received videos (an SFU) stopped for good is low: often someone leaving',
      session: sfu,
      severities: ['low'],
      check: ([o]) => expect(o!.source.ssrcId).toBe(11),
    },
    {
      name: 'real jitsi SFU call: participants’ streams that stop for good are low',
      session: fixtureSession('jitsi/firefox-standard-stats-sfu'),
      severities: ['low', 'low'],
      check: (found) => expect(found[0]!.meaning).toMatch(/in a group call that is often someone leaving/),
    },
    {
      name: 'built: received video stopped for 8 s and came back, audio arriving',
      session: receiving(gap(30, 10, 18)),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators.resumed).toBe(true),
    },
  ],
  quiet: [
    {
      name: 'real clean call',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.callee.txt'),
    },
    // Nothing arrived at all during the outage: the network's (connectionInterrupted), not the other side's.
    { name: 'real outage', session: fixtureSession('chromium156/outage/rtcstats_dump.callee.txt') },
    { name: 'built: video and audio stopped together', session: receiving(gap(30, 10, 18), gap(30, 10, 18)) },
    { name: 'built: stopped as this side stopped its own tracks (a hang-up)', session: hangUp },
    { name: 'built: a 3 s stall', session: receiving(gap(30, 10, 13)) },
    { name: 'built: media to the end', session: receiving(stepAt(30, 0, 60, 60)) },
  ],
  notApplicable: [{ name: 'send-only (built)', session: withStreams(stream({ direction: 'outbound' })) }],
});
