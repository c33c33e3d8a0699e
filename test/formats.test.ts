import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyzeDump } from '../src/index.js';
import { readDump } from '../src/ingest/index.js';
import { collectingSink } from '../src/model/index.js';
import { fixture } from './support/fixtures.js';
import { reencodeAsV3 } from './support/rtcstats-v3-encoder.js';

async function raw(input: Buffer | string) {
  const sink = collectingSink();
  await readDump(input, sink);
  return sink.session;
}

describe('rtcstats file format 3 (rtcstats-js)', () => {
  // The example of the format description: real statsCompression output on a toy input.
  const example = [
    'RTCStatsDump',
    '{"url":"/room?x=1","origin":"https://app.example","userAgent":"Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36","startTime":1700000000000,"remoteAddresses":["x.x.x.x"],"clientProtocol":"rtcstats#5.0","fileFormat":3}',
    '[39,null,{"hardwareConcurrency":8,"deviceMemory":8,"screen":{"width":1920,"height":1080,"devicePixelRatio":1}},1700000000001]',
    '[39,"PC_0",{"iceServers":[{"urls":"turn:turn.example:443?transport=tcp","username":"u","credential":"secret"}]},3]',
    '[2,"PC_0",{"iceRestart":false},"2-0",10]',
    '[25,"PC_0","connected",800]',
    '["g","PC_0",{"0":{"80":1000,"123":"connected","125":"1","type":5},"1":{"118":"succeeded","152":0.05,"type":6},"2":{"5":"0","10":1,"11":"audio","14":50,"15":0,"16":0.002,"type":1},"t":1700000000000},"connected-0",5]',
    '["g","PC_0",{"0":{"80":2000},"1":{"152":0.06},"2":{"14":100,"15":2},"t":1700000001000},1000]',
    '["g","PC_0",{"2":null,"t":1700000002000},1000]',
    '["close",null,1001,1500]',
  ].join('\n');

  it('decodes method ids, delta times, property ids, type ids and removals', async () => {
    const s = await raw(Buffer.from(example));
    expect(s.format).toMatchObject({ format: 'rtcstats', fileFormat: 3, clientProtocol: 'rtcstats#5.0' });
    expect(s.client).toMatchObject({ hardwareConcurrency: 8, url: 'https://app.example/room?x=1' });
    const pc = s.peerConnections[0]!;
    expect(pc.configuration).toEqual({ iceServers: [{ urls: 'turn:turn.example:443?transport=tcp' }] });
    expect(pc.events.map((e) => [e.type, e.timestamp])).toEqual([
      ['create', 1700000000004],
      ['createOffer', 1700000000014],
      ['onconnectionstatechange', 1700000000814],
    ]);
    const inbound = pc.stats.get('2')!;
    expect(inbound.type).toBe('inbound-rtp');
    expect(Array.from(inbound.timestamps)).toEqual([1700000000000, 1700000001000]); // removed by the tombstone
    expect(Array.from(inbound.numbers('packetsReceived')!)).toEqual([50, 100]);
    expect(Array.from(inbound.numbers('packetsLost')!)).toEqual([0, 2]);
    expect(inbound.last('kind')).toBe('audio');
    const transport = pc.stats.get('0')!;
    expect(transport.type).toBe('transport');
    expect(transport.size).toBe(3); // unchanged and left out: carried forward
    expect(Array.from(transport.numbers('bytesSent')!)).toEqual([1000, 2000, 2000]);
    expect(transport.last('selectedCandidatePairId')).toBe('1');
    expect(Array.from(pc.stats.get('1')!.numbers('currentRoundTripTime')!)).toEqual([0.05, 0.06, 0.06]);
  });

  it('restores SDP sections replaced by placeholders', async () => {
    const offer =
      'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\na=ice-ufrag:abcd\r\n';
    const lines = [
      'RTCStatsDump',
      '{"fileFormat":3,"clientProtocol":"rtcstats#5.0"}',
      JSON.stringify([2, 'PC_0', null, '2-0', 1700000000000]),
      JSON.stringify([3, 'PC_0', { type: 'offer', sdp: offer }, '2-0', 5]),
      // setLocalDescription of the created offer: both sections identical, sent as placeholders.
      JSON.stringify([6, 'PC_0', { type: 'offer', sdp: 'v=\r\nm=\r\n' }, '6-0', 1]),
    ].join('\n');
    const pc = (await raw(Buffer.from(lines))).peerConnections[0]!;
    const sld = pc.events.find((e) => e.type === 'setLocalDescription')!;
    expect((sld.value as { sdp: string }).sdp).toBe(offer);
  });

  it('reads a real call re-encoded as rtcstats-js would have written it, with the same results', async () => {
    for (const scenario of ['loss', 'relay']) {
      const chromeExport = gunzipSync(
        readFileSync(fixture('chromium156', scenario, 'chromium_rtcstats_dump.gz')),
      ).toString('utf8');
      const v3 = (await analyzeDump(Buffer.from(reencodeAsV3(chromeExport)))).data;
      const reference = (await analyzeDump(fixture('chromium156', scenario, 'chromium_rtcstats_dump.gz')))
        .data;
      expect(v3.metadata.format).toBe('rtcstats');
      expect(v3.connectivity).toBe(reference.connectivity);
      expect(Math.abs(v3.durationMs - reference.durationMs)).toBeLessThanOrEqual(1);
      const summary = (d: typeof v3) =>
        Object.values(d.streams)
          .filter((s) => s.kind !== 'data')
          .map((s) => `${s.direction}/${s.kind}/${s.ssrc}/${s.packets}/${s.packetLossPercent}`)
          .sort();
      expect(summary(v3)).toEqual(summary(reference));
    }
  });

  it('reads the rtcstats dump-importer getUserMedia-only trace', async () => {
    const { data } = await analyzeDump(fixture('rtcstats', 'rtcstats-gumonly.jsonl'));
    expect(data.pConnectionsNumber).toBe(0);
    expect(data.metadata.mediaRequests).toHaveLength(1);
    expect(data.metadata.mediaRequests[0]).toMatchObject({
      api: 'getUserMedia',
      outcome: 'success',
      video: true,
    });
    expect(data.userAgentData).toMatchObject({ browser: 'Chrome', os: 'Linux' });
  });
});

describe('ids the application attached', () => {
  it('reads identity records of the rtcstats npm client (file format 2)', async () => {
    const { data } = await analyzeDump(fixture('chromium156', 'clean', 'rtcstats_dump.caller.txt'));
    expect(data.metadata.userId).toBe('caller');
    expect(data.metadata.conferenceId).toMatch(/^clean-/);
    expect(data.metadata.identity).toMatchObject({ scenario: 'clean' });
    expect(data.metadata.fileFormat).toBe(2);
  });

  it('reads legacy constraint ids of the whole-file JSON format', async () => {
    const { data } = await analyzeDump(fixture('fippo', 'clienttest.json'));
    expect(data.metadata.format).toBe('rtcstats-legacy');
    expect(data.metadata.userId).toBe('the-clientid');
    expect(data.metadata.conferenceId).toBe('the-conferenceid');
    expect(data.metadata.identity).toMatchObject({ rtcStatsPeerId: 'the-peer' });
    expect(data.userAgentData).toMatchObject({ browser: 'Chromium', majorVersion: '48' });
    expect(data.pConnections.PC_0?.flags.legacyStats).toBe(true);
  });

  it('reads jitsi identity and connectionInfo', async () => {
    const { data } = await analyzeDump(fixture('jitsi', 'google-standard-stats-p2p'));
    expect(data.metadata).toMatchObject({
      format: 'jitsi-rtcstats',
      clientProtocol: '3.1_STANDARD',
      statsFormat: 'chrome_standard',
      conferenceId: 'fullmechanismslastimpolitely',
      sessionId: '171e34f9-73c4-4bb7-acc7-9ddd2b7fa172',
    });
    expect(data.userAgentData).toMatchObject({ browser: 'Chrome', os: 'Windows', osVersion: '10' });
  });
});

describe('setup time', () => {
  it('starts at a remote offer logged without its SDP (jitsi strips it)', async () => {
    // chrome-relay's PC_0 answers: setRemoteDescription("") at …722119, connected 360 ms later.
    const { data } = await analyzeDump(fixture('jitsi', 'chrome-relay'));
    const pc = data.pConnections.PC_0!;
    expect(pc.connectedAt).not.toBeNull();
    expect(pc.timings.setupMs).toBe(pc.connectedAt! - 1697705722119);
  });
});

describe('Firefox and Safari stats', () => {
  it('finds the selected pair of Firefox (no transport stats) and its TURN/TLS relay', async () => {
    const { data } = await analyzeDump(fixture('jitsi', 'firefox-relay'));
    expect(data.userAgentData).toMatchObject({ browser: 'Firefox', engine: 'Gecko', os: 'macOS' });
    expect(data.connectivity).toBe('RELAY/TLS');
    expect(data.transports.PC_0?.transports).toHaveLength(0);
  });

  it('reads Safari relay calls', async () => {
    const { data } = await analyzeDump(fixture('jitsi', 'safari-relay'));
    expect(data.userAgentData).toMatchObject({ browser: 'Safari', engine: 'WebKit' });
    expect(data.connectivity).toBe('RELAY/TLS');
    expect(data.aggregatedStats.rtt_avg_ms).toBeGreaterThan(100);
  });
});
