import {
  CONNECTIVITY_PENALTIES as C,
  CODECS,
  E_MODEL,
  EXPERIENCE,
  OBSERVATION_PENALTIES,
  OBSERVATIONS_MAX,
  OPUS_IE,
  PENALTIES_PER_TYPE,
  VIDEO_BITRATE_HEIGHT,
  VIDEO_FLUID_FPS,
  VIDEO_HEIGHT_QUALITY,
  VIDEO_LOSS_SCALE,
} from './constants.js';

export interface ConstantRow {
  score: 'audio' | 'video' | 'connectivity' | 'observations' | 'experience';
  name: string;
  value: string;
  source: string;
}

const G107 = 'ITU-T G.107 (06/2015) E-model';
const steps = (s: readonly (readonly [number, number])[], unit: string) =>
  s.map(([limit, penalty]) => `≥ ${limit.toLocaleString('en-US')} ${unit}: −${penalty}`).join('; ');

/**
 * Every scoring constant, read from the code, with its source. docs/scoring.md embeds this table
 * (generated), so the published numbers cannot drift from the ones in use.
 */
export function scoringConstants(): ConstantRow[] {
  return [
    {
      score: 'audio',
      name: 'R0 − Is (base R)',
      value: `${E_MODEL.baseR}`,
      source: `${G107}, Table 3 defaults`,
    },
    {
      score: 'audio',
      name: 'Delay impairment Id',
      value: `${E_MODEL.delayA}·d + ${E_MODEL.delayB}·(d − ${E_MODEL.delayKneeMs})·H(d − ${E_MODEL.delayKneeMs})`,
      source: 'Simplified G.107 Id (Cole & Rosenbluth, ACM CCR 2001)',
    },
    { score: 'audio', name: 'BurstR', value: `${E_MODEL.burstRatio}`, source: `${G107}: random loss` },
    {
      score: 'audio',
      name: 'Codec and packetization delay',
      value: `${E_MODEL.codecDelayMs} ms`,
      source: '20 ms frames plus about 10 ms look-ahead and processing',
    },
    {
      score: 'audio',
      name: 'Opus Ie',
      value: `${OPUS_IE.a} − ${OPUS_IE.b}·ln(bitrate in bit/s), clamped ${OPUS_IE.min}..${OPUS_IE.max}`,
      source: 'Opus is not in ITU-T G.113; bitrate fit used by peermetrics eMOS',
    },
    {
      score: 'audio',
      name: 'Opus Bpl',
      value: `${CODECS.opus.bplFec} with in-band FEC, ${CODECS.opus.bpl} without`,
      source: 'peermetrics eMOS',
    },
    {
      score: 'audio',
      name: 'G.711 (PCMU/PCMA) Ie, Bpl',
      value: `${CODECS.pcmu.ie}, ${CODECS.pcmu.bpl}`,
      source: 'ITU-T G.113 Appendix I (with packet loss concealment)',
    },
    {
      score: 'audio',
      name: 'G.722 Ie, Bpl',
      value: `${CODECS.g722.ie}, ${CODECS.g722.bpl}`,
      source: 'ITU-T G.113 (wideband, approximated)',
    },
    {
      score: 'audio',
      name: 'Unknown codec Ie, Bpl',
      value: `${CODECS.default.ie}, ${CODECS.default.bpl}`,
      source: 'callscope default: a middling narrowband codec',
    },
    {
      score: 'audio',
      name: 'R → MOS',
      value: '1 + 0.035·R + R·(R − 60)·(100 − R)·7·10⁻⁶, 1 ≤ MOS ≤ 4.5',
      source: `${G107}, Annex B`,
    },
    {
      score: 'video',
      name: 'Resolution quality (height → share)',
      value: VIDEO_HEIGHT_QUALITY.map(([h, q]) => `${h}p ${q}`).join(', '),
      source:
        'callscope model, log-interpolated; anchored on typical bitrate ladders (720p = full quality for calls)',
    },
    {
      score: 'video',
      name: 'Height of a bitrate, for streams without frame height (kbit/s → height)',
      value: VIDEO_BITRATE_HEIGHT.map(([k, h]) => `${k} → ${h}p`).join(', '),
      source:
        'libwebrtc target bitrates per resolution (video/config/simulcast.cc, kSimulcastFormats), log-interpolated',
    },
    {
      score: 'video',
      name: 'Fluid frame rate',
      value: `${VIDEO_FLUID_FPS} fps camera; screen share not judged`,
      source: 'callscope model; film rate for motion, a still screen sends few frames or none',
    },
    {
      score: 'video',
      name: 'Loss scale',
      value: `quality × e^(−loss % / ${VIDEO_LOSS_SCALE})`,
      source: 'callscope model',
    },
    {
      score: 'video',
      name: 'Scale',
      value: `1 + ${EXPERIENCE.maxMos - 1}·quality`,
      source: 'shares the E-model ceiling of 4.5',
    },
    {
      score: 'connectivity',
      name: 'Never connected',
      value: `score 1 (−${C.neverConnected})`,
      source: 'callscope',
    },
    {
      score: 'connectivity',
      name: 'Connection lost',
      value: `−${C.lostNotRecovered} not recovered, −${C.lostRecovered} recovered`,
      source: 'callscope',
    },
    {
      score: 'connectivity',
      name: 'Disconnections after connecting',
      value: `−${C.perDisconnection} each, at most −${C.maxDisconnections}`,
      source: 'callscope',
    },
    {
      score: 'connectivity',
      name: 'ICE restarts',
      value: `−${C.perIceRestart} each, at most −${C.maxIceRestarts}`,
      source: 'callscope',
    },
    {
      score: 'connectivity',
      name: 'ICE connection time',
      value: steps(C.setup, 'ms'),
      source: 'callscope; slowIceConnection uses the same limits',
    },
    {
      score: 'connectivity',
      name: 'Mean RTT of the selected pair',
      value: steps(C.rtt, 'ms'),
      source: 'ITU-T G.114 (150 ms one-way comfort); round-trip-time detectors',
    },
    {
      score: 'connectivity',
      name: 'Relay by protocol',
      value: `UDP −${C.relay.udp}, TCP −${C.relay.tcp}, TLS −${C.relay.tls}`,
      source: 'callscope: TCP/TLS relays add head-of-line blocking and latency',
    },
    { score: 'connectivity', name: 'Direct TCP', value: `−${C.directTcp}`, source: 'callscope' },
    {
      score: 'connectivity',
      name: 'Other connections that failed',
      value: `−${C.perOtherFailedConnection} each, at most −${C.maxOtherFailedConnections}`,
      source: 'callscope',
    },
    { score: 'observations', name: 'Maximum', value: `${OBSERVATIONS_MAX}`, source: 'specification' },
    {
      score: 'observations',
      name: 'Penalty by severity',
      value: Object.entries(OBSERVATION_PENALTIES)
        .map(([s, p]) => `${s} ${p}`)
        .join(', '),
      source: 'callscope',
    },
    {
      score: 'observations',
      name: 'Penalties per type',
      value: `at most ${PENALTIES_PER_TYPE}`,
      source: 'callscope: one cause on many streams must not drown the rest',
    },
    {
      score: 'experience',
      name: 'Audio and video weights',
      value: `${EXPERIENCE.audioWeight} / ${EXPERIENCE.videoWeight}`,
      source: 'callscope',
    },
    {
      score: 'experience',
      name: 'Connectivity factor',
      value: `${EXPERIENCE.connectivityMin} at score 1 … 1 at score 5`,
      source: 'callscope',
    },
    {
      score: 'experience',
      name: 'Observations factor',
      value: `${EXPERIENCE.observationsMin} at score 0 … 1 at score ${OBSERVATIONS_MAX}`,
      source: 'callscope',
    },
  ];
}

/** The generated constants table of docs/scoring.md. */
export function scoringConstantsMarkdown(): string {
  const rows = scoringConstants().map((r) => `| ${r.score} | ${r.name} | ${r.value} | ${r.source} |`);
  return ['| Score | Constant | Value | Source |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
