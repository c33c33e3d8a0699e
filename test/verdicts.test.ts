/**
 * What callscope must say about real calls with known impairments (chromium156 scenarios, see
 * each truth.json) and about the jitsi dumps whose problems another project documented.
 */
import { describe, expect, it } from 'vitest';
import { type AnalyzeResult, analyzeDump } from '../src/index.js';
import type { Observation } from '../src/model/payload/observation.js';
import { CHROMIUM_FORMATS, fixture } from './support/fixtures.js';

const cache = new Map<string, Promise<AnalyzeResult>>();
const analyze = (path: string) => {
  let result = cache.get(path);
  if (!result) {
    result = analyzeDump(fixture(...path.split('/')));
    cache.set(path, result);
  }
  return result.then((r) => r.data);
};

const SERIOUS = new Set(['critical', 'high', 'medium']);
const ofType = (observations: Observation[], type: string) => observations.filter((o) => o.type === type);
const ENDS = ['caller', 'callee'] as const;
const files = (scenario: string) =>
  ENDS.flatMap((end) => CHROMIUM_FORMATS[end].map((f) => `chromium156/${scenario}/${f}`));

describe('chromium156/clean', () => {
  it.each(files('clean'))('%s: nothing serious, experience at least 80', async (path) => {
    const data = await analyze(path);
    expect(data.observations.filter((o) => SERIOUS.has(o.severity)).map((o) => o.type)).toEqual([]);
    expect(data.experienceScore).toBeGreaterThanOrEqual(80);
    expect(data.audioScore).toBeGreaterThan(4);
    expect(data.videoScore).toBeGreaterThan(3.5);
    expect(data.connectivityScore).toBe(5);
  });
});

describe('chromium156/loss (10 % random loss each way)', () => {
  it.each(files('loss'))(
    '%s: loss on both paths is the cause; audio and video loss are its measurements',
    async (path) => {
      const { observations } = await analyze(path);
      for (const [cause, kinds] of [
        ['networkLossIn', ['networkAudioLossIn', 'networkVideoLossIn']],
        ['networkLossOut', ['networkAudioLossOut', 'networkVideoLossOut']],
      ] as const) {
        const [found] = ofType(observations, cause);
        expect(found, cause).toBeDefined();
        expect(found!.severity, cause).toBe('high');
        expect(found!.cause?.family).toBe('network');
        // 10 % dropped by the relay; retransmissions repair part of the video.
        expect(found!.valueInPercent).toBeGreaterThan(5);
        expect(found!.valueInPercent).toBeLessThan(13);
        for (const type of kinds) {
          const measured = ofType(observations, type);
          expect(measured.length, type).toBeGreaterThan(0);
          // One cause, one problem: the per-kind loss is its evidence, at most low.
          expect(measured.every((o) => o.explainedBy === cause && o.severity === 'low')).toBe(true);
          expect(measured[0]!.valueInPercent).toBeGreaterThan(type.includes('Audio') ? 8 : 4);
          expect(measured[0]!.valueInPercent).toBeLessThan(13);
        }
      }
    },
  );

  it.each(ENDS.map((end, i) => [end, i] as const))(
    '%s: audio and experience clearly below clean',
    async (_end, i) => {
      const clean = await analyze(files('clean')[i * 3]!);
      const loss = await analyze(files('loss')[i * 3]!);
      expect(loss.audioScore!).toBeLessThan(clean.audioScore! - 0.8);
      expect(loss.videoScore!).toBeLessThan(clean.videoScore! - 0.8);
      expect(loss.experienceScore).toBeLessThan(clean.experienceScore - 30);
      expect(loss.aggregatedStats.mos_in_audio_avg_score).toBeLessThan(3.5);
    },
  );
});

describe('chromium156/bandwidth-drop-down (300 kbit/s callee -> caller from 10 s)', () => {
  const caller = CHROMIUM_FORMATS.caller.map((f) => `chromium156/bandwidth-drop-down/${f}`);
  it.each(caller)(
    '%s: the capped path to the caller is the cause, and its own sending held back by the late feedback its symptom',
    async (path) => {
      const { observations } = await analyze(path);
      const [cause] = ofType(observations, 'networkCongestionIn');
      expect(cause?.severity).toBe('high');
      const limited = ofType(observations, 'bandwidthLimitation');
      expect(limited.length).toBeGreaterThan(0);
      expect(limited.every((o) => o.explainedBy === 'networkCongestionIn' && o.severity === 'low')).toBe(
        true,
      );
      expect(cause!.cause?.symptoms).toContain('bandwidthLimitation');
    },
  );
});

describe('chromium156/relay (TURN only, over UDP)', () => {
  it.each(files('relay'))('%s: relay with its protocol and the relay-only policy', async (path) => {
    const data = await analyze(path);
    const relay = ofType(data.observations, 'relayOverUdp');
    expect(relay).toHaveLength(1);
    expect(relay[0]!.meaning).toContain('UDP');
    expect(relay[0]!.indicators.relayProtocol).toBe('udp');
    expect(ofType(data.observations, 'iceTransportPolicyRelay')).toHaveLength(1);
    expect(data.connectivity).toBe('RELAY/UDP');
    expect(data.connectivityScore).toBeLessThan(5);
  });
});

describe('chromium156/ice-fail', () => {
  it.each(files('ice-fail'))('%s: critical ICE failure, no connectivity score', async (path) => {
    const data = await analyze(path);
    const failure = ofType(data.observations, 'iceFailure');
    expect(failure).toHaveLength(1);
    expect(failure[0]!.severity).toBe('critical');
    // No connection produced a valid candidate pair: null, as the specification says.
    expect(data.connectivityScore).toBeNull();
    expect(data.experienceScore).toBe(0);
  });

  it.each(files('ice-fail'))(
    '%s: the video sender encoded nothing, so no frame rate or size',
    async (path) => {
      // The camera ran at 20 fps all along; the encoder never got a frame to send.
      const sent = Object.values((await analyze(path)).streams).filter(
        (s) => s.kind === 'video' && s.direction === 'outbound',
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]!.video!.framesEncoded).toBe(0);
      expect(sent[0]!.video!.framesPerSecond?.max ?? 0).toBe(0);
      expect(sent[0]!.video!.frameWidth).toBeNull();
    },
  );
});

describe('chromium156/audio-only and datachannel-only', () => {
  it.each(files('audio-only'))('%s: no video score, no video observation', async (path) => {
    const data = await analyze(path);
    expect(data.videoScore).toBeNull();
    expect(data.audioScore).toBeGreaterThan(4);
    expect(data.observations.filter((o) => o.tags.includes('video')).map((o) => o.type)).toEqual([]);
  });

  it.each(files('datachannel-only'))('%s: no audio or video score, experience 0', async (path) => {
    const data = await analyze(path);
    expect(data.audioScore).toBeNull();
    expect(data.videoScore).toBeNull();
    expect(data.experienceScore).toBe(0);
    expect(data.connectivityScore).toBe(5);
    expect(data.observations.filter((o) => o.tags.includes('audio') || o.tags.includes('video'))).toEqual([]);
  });
});

describe('the same call in three formats', () => {
  const scenarios = ['clean', 'loss', 'relay', 'ice-fail', 'audio-only', 'datachannel-only'];
  const cases = scenarios.flatMap((s) => ENDS.map((end) => [s, end] as const));
  it.each(cases)('%s (%s): same observation types and scores within 5 %%', async (scenario, end) => {
    const paths = CHROMIUM_FORMATS[end].map((f) => `chromium156/${scenario}/${f}`);
    const runs = await Promise.all(paths.map(analyze));
    // A type only compares where every format carries its inputs (e.g. only webrtc-internals and
    // Chromium's export record the CPU core count).
    const checkable = (type: string) => runs.every((d) => !d.metadata.notApplicable.includes(type));
    const types = runs.map((d) => [...new Set(d.observations.map((o) => o.type))].filter(checkable).sort());
    expect(types[1]).toEqual(types[0]);
    expect(types[2]).toEqual(types[0]);
    for (const key of ['experienceScore', 'audioScore', 'videoScore', 'connectivityScore'] as const) {
      const values = runs.map((d) => d[key]);
      if (values[0] === null) {
        expect(values, key).toEqual([null, null, null]);
        continue;
      }
      const ref = values[0]!;
      for (const v of values)
        expect(Math.abs(v! - ref), `${key} ${values.join(' / ')}`).toBeLessThanOrEqual(0.05 * Math.abs(ref));
    }
  });
});

describe('jitsi dumps', () => {
  it.each([
    ['jitsi/chrome-relay', 'PC_0', 'RELAY/TLS'],
    ['jitsi/firefox-relay', 'PC_0', 'RELAY/TLS'],
    ['jitsi/safari-relay', 'PC_0', 'RELAY/TLS'],
    // The relayed connection is the first of two, the busier one went direct: a relayed call still.
    ['jitsi/google-standard-stats-relay-p2p', 'PC_0', 'RELAY/TLS'],
  ])('%s reports relay over TLS on %s', async (path, pid, connectivity) => {
    const data = await analyze(path);
    expect(ofType(data.observations, 'relayOverTls').map((o) => o.source.pid)).toEqual([pid]);
    expect(data.connectivity).toBe(connectivity);
  });

  it('a failed connection is reported as lost and the others as ICE failures', async () => {
    const { observations } = await analyze('jitsi/chrome-standard-pc-failed');
    const lost = ofType(observations, 'connectionLost');
    expect(lost.map((o) => [o.source.pid, o.severity])).toEqual([['PC_0', 'critical']]);
    expect(
      ofType(observations, 'iceFailure')
        .map((o) => o.source.pid)
        .sort(),
    ).toEqual(['PC_1', 'PC_2']);
  });

  it('a flapping connection reports churn and its loss', async () => {
    const { observations } = await analyze('jitsi/chrome-standard-pc-reconnect');
    const churn = ofType(observations, 'connectionChurn');
    expect(churn).toHaveLength(1);
    expect(churn[0]!.source.pid).toBe('PC_0');
    expect(churn[0]!.valueInCount).toBe(2);
    // The interruptions are the cause, at high (10 s, the longest); the churn count their evidence.
    expect(churn[0]!.explainedBy).toBe('connectionInterrupted');
    expect(ofType(observations, 'connectionInterrupted').map((o) => [o.source.pid, o.severity])).toEqual([
      ['PC_0', 'high'],
    ]);
    expect(ofType(observations, 'connectionLost').map((o) => o.source.pid)).toEqual(['PC_0']);
  });

  it('counts the interruptions of a connection whose log keeps only connection states once up', async () => {
    // PC_0 logs ICE `connected` once, then its connection state goes disconnected/connected twice.
    const data = await analyze('jitsi/chrome-standard-pc-reconnect');
    expect(data.pConnections.PC_0!.disconnections).toBe(2);
    // PC_1 and PC_2 never came up: their `disconnected` is part of a failed setup, not an interruption.
    expect(data.pConnections.PC_1!.disconnections).toBe(0);
    // Lost for good (−2) after two interruptions (−1), with a 190 ms mean RTT (−0.25). PC_1 and PC_2,
    // media-less network probes that failed beside it, are not failures of the call.
    expect(data.connectivityScore).toBe(1.75);
  });

  it('a connection whose DTLS handshake never completed was never up', async () => {
    const data = await analyze('jitsi/undefined-ice-candidate');
    const pc = data.pConnections.PC_0!;
    expect(pc.iceConnected).toBe(true);
    expect(pc.connected).toBe(false);
    expect(pc.failedAfterConnected).toBe(false);
    // ICE went connected → disconnected, but there was no call to interrupt.
    expect(pc.disconnections).toBe(0);
    expect(data.connectivityScore).toBe(1);
    expect(ofType(data.observations, 'dtlsFailure').map((o) => o.severity)).toEqual(['critical']);
  });

  it('NotReadableError is a device observation', async () => {
    for (const path of ['jitsi/chrome-standard-pc-reconnect', 'jitsi/chrome-standard-pc-failed']) {
      const found = ofType((await analyze(path)).observations, 'getUserMediaNotReadable');
      expect(found, path).toHaveLength(1);
      expect(found[0]!.category).toBe('devices');
      expect(found[0]!.tags).toContain('peripheral');
    }
  });

  it('a clean screen share at 0-5 fps is not scored as stuttering video', async () => {
    // Three shares of a still screen at 1920-2752 px, no loss: googFrameRateSent reads 0 in most
    // intervals while key frames keep the bitrate up. Judged on fluidity, the video scored 2.73.
    const data = await analyze('jitsi/google-legacy-screenshare-msessions');
    const shares = Object.values(data.streams).filter((s) => s.contentType === 'screenshare');
    expect(shares).toHaveLength(3);
    expect(shares.some((s) => s.video?.framesPerSecond?.min === 0)).toBe(true);
    expect(data.videoScore).toBeGreaterThan(4.4);
  });

  it("safari-relay's seconds-long RTT and 6 % loss are high", async () => {
    const { observations } = await analyze('jitsi/safari-relay');
    const rtt = ofType(observations, 'highOutgoingRoundTripTime');
    expect(rtt.map((o) => o.severity)).toEqual(['high']);
    expect(rtt[0]!.maxInMs).toBeGreaterThan(5000);
    // The video loss is one measurement of the loss on the path to the client: 50 % for 18 s.
    const loss = ofType(observations, 'networkVideoLossIn');
    expect(loss[0]!.valueInPercent).toBeGreaterThan(5.5);
    expect(loss[0]!.explainedBy).toBe('networkLossIn');
    expect(ofType(observations, 'networkLossIn').map((o) => o.severity)).toEqual(['high']);
  });
});
