import { describe, expect, it } from 'vitest';
import { fixtureSession } from '../../../test/support/detector-cases.js';
import { withinHangBound } from '../../../test/support/hang-bound.js';
import type { SessionView } from '../../computed/session-view.js';
import { connectivity, title } from './session-facts.js';

const withUrl = (url: string) => ({ connections: [], client: { url } }) as unknown as SessionView;

describe('title', () => {
  it('is host and path of the page, without its trailing slashes', () => {
    expect(title(withUrl('https://meet.example.org//room/a//?x=1'), undefined)).toBe(
      'meet.example.org/room/a',
    );
    expect(title(withUrl('https://meet.example.org/'), undefined)).toBe('meet.example.org');
  });

  // The page URL comes from the dump: a path of slashes must not take seconds.
  it('reads a path of 300 000 slashes in linear time', () => {
    const url = withUrl(`https://h.example/${'/'.repeat(300_000)}x`);
    expect(withinHangBound(() => title(url, undefined))).toBe('h.example/x');
  });
});

describe('connectivity', () => {
  it.each([
    // The JVB connection relayed over TURN/TLS, the busier peer-to-peer one direct over UDP.
    ['jitsi/google-standard-stats-relay-p2p', 'RELAY/TLS'],
    // The peer-to-peer connection relayed over TURN/UDP beside a direct JVB connection.
    ['jitsi/google-standard-stats-remote-relay-p2p', 'RELAY/UDP'],
    ['jitsi/chrome-relay', 'RELAY/TLS'],
    ['chromium156/relay/webrtc_internals_dump.txt', 'RELAY/UDP'],
    ['chromium156/clean/webrtc_internals_dump.txt', 'DIRECT/UDP'],
    ['jitsi/google-legacy-stats-multiple-pc', 'DIRECT/UDP'],
    ['chromium156/ice-fail/webrtc_internals_dump.txt', 'NONE'],
  ])('%s: %s', async (path, expected) => {
    const session = await fixtureSession(path)();
    expect(connectivity(session.connections)).toBe(expected);
  });
});
