import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import { parseConfiguration } from './configuration.js';

describe('parseConfiguration', () => {
  it("reads Chrome's old display form, without credentials", () => {
    expect(
      parseConfiguration(
        '{ iceServers: [stun:stun.example.org:3478, turn:turn.example.org?transport=udp], iceTransportPolicy: all, bundlePolicy: balanced, rtcpMuxPolicy: require }',
      ),
    ).toEqual({
      iceServers: [
        { urls: ['stun:stun.example.org:3478'] },
        { urls: ['turn:turn.example.org?transport=udp'] },
      ],
      iceTransportPolicy: 'all',
      bundlePolicy: 'balanced',
      rtcpMuxPolicy: 'require',
    });
  });

  // A dump chooses this text: no pattern may try every start of it (minutes for a megabyte).
  it.each([
    ['a run of spaces', `{ a: ${' '.repeat(300_000)}x`],
    ['iceServers:[ without a closing bracket', `{ ${'iceServers:['.repeat(30_000)}`],
  ])('reads %s in linear time', (_name, text) => {
    expect(withinHangBound(() => parseConfiguration(text))).toBeTypeOf('object');
  });
});
