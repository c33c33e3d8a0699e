import { describe, expect, it } from 'vitest';
import { recordedTopology } from '../../test/builders/topology.js';
import { fixtureSession } from '../../test/support/detector-cases.js';
import { CHROMIUM_FORMATS } from '../../test/support/fixtures.js';
import {
  connectionNegotiated,
  everNegotiated,
  negotiatedOffAt,
  negotiatedSections,
} from './negotiated-direction.js';

describe('negotiated directions', () => {
  it.each([...CHROMIUM_FORMATS.caller])('the caller that removed its video: %s', async (file) => {
    const pc = (await fixtureSession(`chromium156/remove-video/${file}`)())!.connections[0]!;
    const answers = negotiatedSections(pc.signaling).map((a) =>
      a.map((s) => `${s.mid} ${s.kind} ${s.direction}`),
    );
    expect(answers).toEqual([
      ['0 audio sendrecv', '1 video sendrecv'],
      ['0 audio sendrecv', '1 video recvonly'],
    ]);
    expect(negotiatedOffAt(pc.signaling, '1', 'send')).toBe(pc.signaling.remoteDescriptions[1]!.at);
    expect(negotiatedOffAt(pc.signaling, '1', 'receive')).toBeUndefined();
    expect(everNegotiated(pc.signaling, '1', 'receive')).toBe(true);
  });

  it.each([...CHROMIUM_FORMATS.callee])('the callee, from its side (its own answers): %s', async (file) => {
    const pc = (await fixtureSession(`chromium156/remove-video/${file}`)())!.connections[0]!;
    expect(negotiatedSections(pc.signaling)[1]!.map((s) => s.direction)).toEqual(['sendrecv', 'sendonly']);
    expect(negotiatedOffAt(pc.signaling, '1', 'receive')).toBeDefined();
  });

  it('a connection negotiated send-only never receives; unknown without SDP or mid', async () => {
    const pc = (await recordedTopology({ direction: 'sendonly', silence: 'inbound' })()).connections[0]!;
    expect(connectionNegotiated(pc.signaling, 'receive')).toBe(false);
    expect(connectionNegotiated(pc.signaling, 'send')).toBe(true);
    expect(everNegotiated(pc.signaling, '0', 'receive')).toBe(false);
    expect(everNegotiated(pc.signaling, undefined, 'receive')).toBeUndefined();
    expect(everNegotiated(pc.signaling, '9', 'receive')).toBeUndefined();
  });
});
