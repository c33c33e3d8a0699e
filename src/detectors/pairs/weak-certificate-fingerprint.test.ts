import { expect } from 'vitest';
import { oneConnection } from '../../../test/builders/pairs.js';
import { sdp } from '../../../test/builders/sdp.js';
import { signaling, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { parseSdp } from '../../computed/sdp.js';
import type { Description } from '../../computed/signaling.js';
import detector from './weak-certificate-fingerprint.js';

/** A description whose fingerprint lines use `algorithms` (one line each). */
function described(type: 'offer' | 'answer', source: string, algorithms: string[]): Description {
  const base = sdp({ sessionId: '1', ufrag: 'abcd', setup: 'actpass', media: [{ kind: 'audio', mid: '0' }] });
  const text = base.replace(
    /a=fingerprint:sha-256 (\S+)/,
    algorithms.map((a) => `a=fingerprint:${a} $1`).join('\r\n'),
  );
  return { type, sdp: text, at: T0 + 100, source, summary: parseSdp(text) };
}

/** A call whose local offer uses SHA-256 and whose remote answer uses `remote`. */
const answeredWith = (...remote: string[]) =>
  oneConnection({
    signaling: signaling({
      localDescriptions: [described('offer', 'setLocalDescription', ['sha-256'])],
      remoteDescriptions: [described('answer', 'setRemoteDescription', remote)],
    }),
  });

detectorCases(detector, {
  fires: [
    {
      name: 'remote answer with a SHA-1 fingerprint is low',
      session: answeredWith('sha-1'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 100);
        expect(o!.indicators).toEqual({ algorithms: 'sha-1', description: 'setRemoteDescription' });
        expect(o!.meaning).toBe('A description of pc1 uses a sha-1 certificate fingerprint.');
      },
    },
    {
      name: 'SHA-256 and MD5 side by side: only the weak one is named',
      session: answeredWith('sha-256', 'md5'),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators?.algorithms).toBe('md5'),
    },
  ],
  quiet: [
    {
      name: 'real clean call (SHA-256)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'SHA-384 is not weak', session: answeredWith('sha-384') },
  ],
  notApplicable: [
    { name: 'no description exchanged (built)', session: oneConnection() },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
