/**
 * An rtcstats file format 3 writer for tests, written from the format description (rtcstats-server
 * README "RTCStats dump file format" and rtcstats-shared compression): it re-encodes a Chromium
 * rtcstats export the way rtcstats-js would have recorded the same call, so the v3 reader can be
 * checked against a real call.
 */

// Property ids of the format for the properties the Chromium fixtures carry (subset).
const PROPERTY_IDS: Record<string, number | string> = {
  timestamp: 't',
  payloadType: 4,
  transportId: 5,
  mimeType: 6,
  clockRate: 7,
  channels: 8,
  sdpFmtpLine: 9,
  ssrc: 10,
  kind: 11,
  codecId: 12,
  packetsReceived: 14,
  packetsLost: 15,
  jitter: 16,
  trackIdentifier: 17,
  mid: 18,
  remoteId: 19,
  framesDecoded: 20,
  framesDropped: 22,
  frameWidth: 23,
  frameHeight: 24,
  framesPerSecond: 25,
  freezeCount: 32,
  totalFreezesDuration: 33,
  bytesReceived: 41,
  nackCount: 42,
  pliCount: 44,
  totalSamplesReceived: 51,
  concealedSamples: 52,
  audioLevel: 57,
  framesReceived: 60,
  localId: 74,
  roundTripTime: 75,
  fractionLost: 77,
  packetsSent: 79,
  bytesSent: 80,
  mediaSourceId: 81,
  framesSent: 89,
  framesEncoded: 91,
  qualityLimitationReason: 95,
  qualityLimitationDurations: 96,
  active: 100,
  label: 115,
  state: 118,
  messagesSent: 119,
  messagesReceived: 120,
  dtlsState: 123,
  selectedCandidatePairId: 125,
  address: 134,
  port: 135,
  candidateType: 136,
  priority: 137,
  protocol: 116,
  localCandidateId: 148,
  remoteCandidateId: 149,
  nominated: 150,
  currentRoundTripTime: 152,
  availableOutgoingBitrate: 153,
  requestsSent: 156,
  responsesReceived: 157,
};
const TYPE_IDS: Record<string, number> = {
  'inbound-rtp': 1,
  'outbound-rtp': 2,
  'remote-inbound-rtp': 3,
  'remote-outbound-rtp': 4,
  transport: 5,
  'candidate-pair': 6,
  'local-candidate': 7,
  'remote-candidate': 8,
  'data-channel': 9,
  'peer-connection': 10,
  certificate: 11,
  'media-source': 12,
  'media-playout': 13,
  codec: 14,
};
const METHOD_IDS: Record<string, number | string> = {
  getStats: 'g',
  createOffer: 2,
  createOfferOnSuccess: 3,
  setLocalDescription: 6,
  setLocalDescriptionOnSuccess: 7,
  setRemoteDescription: 8,
  setRemoteDescriptionOnSuccess: 9,
  addIceCandidate: 10,
  onicecandidate: 20,
  ontrack: 22,
  onsignalingstatechange: 23,
  oniceconnectionstatechange: 24,
  onconnectionstatechange: 25,
  onicegatheringstatechange: 26,
  onnegotiationneeded: 27,
  addTrack: 30,
  createDataChannel: 35,
  close: 36,
  create: 39,
};

type Report = Record<string, unknown>;

/** Delta-compresses one full getStats result against the previous one, as rtcstats-js does. */
function compressStats(
  base: Record<string, Report>,
  next: Record<string, Report>,
  idMap: Map<string, string>,
): Report {
  const delta: Record<string, Report> = {};
  const removed = Object.keys(base).filter((id) => idMap.has(id) && next[id] === undefined);
  for (const [id, full] of Object.entries(next)) {
    const report: Report = { ...full };
    delete report.id;
    const prev = base[id];
    if (prev)
      for (const k of Object.keys(report))
        if (JSON.stringify(report[k]) === JSON.stringify(prev[k])) delete report[k];
    if (Object.keys(report).length > 0) delta[id] = report;
  }
  let t = Number.NEGATIVE_INFINITY;
  for (const r of Object.values(delta))
    if (typeof r.timestamp === 'number' && r.timestamp > t) t = r.timestamp;
  for (const [id, r] of Object.entries(delta)) {
    if (r.timestamp === t) {
      delete r.timestamp;
      if (Object.keys(r).length === 0) delete delta[id];
    }
  }
  for (const [id, r] of Object.entries(delta)) {
    if (next[id]?.type === 'certificate') delete delta[id];
    delete r.localCertificateId;
    delete r.remoteCertificateId;
  }
  for (const id of Object.keys(delta)) if (!idMap.has(id)) idMap.set(id, String(idMap.size));
  const out: Report = {};
  for (const [id, r] of Object.entries(delta)) {
    const compressed: Report = {};
    for (const [k, v] of Object.entries(r)) {
      const value =
        k.endsWith('Id') && typeof v === 'string'
          ? idMap.get(v)
          : k === 'type'
            ? (TYPE_IDS[v as string] ?? v)
            : v;
      if (value !== undefined) compressed[String(PROPERTY_IDS[k] ?? k)] = value;
    }
    out[idMap.get(id)!] = compressed;
  }
  for (const id of removed) out[idMap.get(id)!] = null as unknown as Report;
  if (t !== Number.NEGATIVE_INFINITY) out.t = t;
  return out;
}

/** Re-encodes the records of a Chromium rtcstats export (decompressed text) as an rtcstats-js v3 file. */
export function reencodeAsV3(chromeExport: string): string {
  const lines = chromeExport.split('\n').filter((l) => l.trim() !== '');
  const out = [
    'RTCStatsDump',
    JSON.stringify({
      url: '/room',
      origin: 'https://app.example',
      userAgent: 'Mozilla/5.0 Chrome/156.0.0.0',
      clientProtocol: 'rtcstats#5.0',
      fileFormat: 3,
    }),
  ];
  const bases = new Map<string, Record<string, Report>>();
  const idMaps = new Map<string, Map<string, string>>();
  for (const line of lines.slice(2)) {
    const record = JSON.parse(line) as unknown[];
    const [method, pcId, value] = record as [string, string | null, unknown];
    const delta = record[record.length - 1];
    const extra = record.slice(3, -1);
    let payload = value;
    if (method === 'getStats' && pcId) {
      const idMap = idMaps.get(pcId) ?? new Map<string, string>();
      idMaps.set(pcId, idMap);
      payload = compressStats(bases.get(pcId) ?? {}, value as Record<string, Report>, idMap);
      bases.set(pcId, value as Record<string, Report>);
    }
    out.push(JSON.stringify([METHOD_IDS[method] ?? method, pcId, payload, ...extra, delta]));
  }
  return `${out.join('\n')}\n`;
}
