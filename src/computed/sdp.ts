export interface SdpCodec {
  payloadType: number;
  name: string;
  clockRate?: number;
  channels?: number;
  fmtp?: string;
}

export interface SdpMediaSection {
  kind: string;
  mid?: string;
  port: number;
  direction?: string;
  codecs: SdpCodec[];
  ssrcs: number[];
  simulcast: boolean;
  rids: string[];
  ufrag?: string;
  candidates: string[];
  rtcpMux: boolean;
}

export interface SdpSummary {
  sections: SdpMediaSection[];
  bundle: boolean;
  iceLite: boolean;
  ufrags: string[];
  setup?: string;
  fingerprintAlgorithms: string[];
}

/**
 * `a=rtpmap:<pt> <name>/<rate>[/<channels>]`, groups 1, 3, 4, 5. `^(\d+)\s+([^/]+)\/…` would read
 * the same, but both of its runs take spaces: on a line of spaces without the rest, the engine
 * tried every split (quadratic, minutes for a 1 MB line). The lookahead takes all the spaces at
 * once; RTPMAP_BLANK_NAME covers the one case that needed a split, spaces right before the slash,
 * where the old pattern named the codec with the last space.
 */
const RTPMAP = /^(\d+)(?=(\s+))\2([^/]+)\/(\d+)(?:\/(\d+))?/;
const RTPMAP_BLANK_NAME = /^(\d+)(\s+)(\s)\/(\d+)(?:\/(\d+))?/;

/** A light SDP reader: what analysis needs to know about a description, tolerant of anything. */
export function parseSdp(sdp: string): SdpSummary {
  const lines = splitLines(sdp);
  const summary: SdpSummary = {
    sections: [],
    bundle: false,
    iceLite: false,
    ufrags: [],
    fingerprintAlgorithms: [],
  };
  let current: SdpMediaSection | undefined;
  const codecByPt = new Map<number, SdpCodec>();
  // Sets beside the lists of distinct values: `includes` per line was quadratic in a description
  // of thousands of such lines.
  const ssrcsSeen = new Set<number>();
  const ufrags = new Set<string>();
  const algorithms = new Set<string>();
  for (const line of lines) {
    if (line.startsWith('m=')) {
      const [kind, port] = line.slice(2).split(' ');
      current = {
        kind: kind ?? '',
        port: Number(port),
        codecs: [],
        ssrcs: [],
        simulcast: false,
        rids: [],
        candidates: [],
        rtcpMux: false,
      };
      summary.sections.push(current);
      codecByPt.clear();
      ssrcsSeen.clear();
      continue;
    }
    if (!line.startsWith('a=')) continue;
    // Most attribute lines (rtcp-fb, extmap, ssrc labels) are not read: their value is only
    // cut out of the line by the cases that use it.
    const colon = line.indexOf(':', 2);
    const name = colon === -1 ? line.slice(2) : line.slice(2, colon);
    switch (name) {
      case 'group':
        if (valueAfter(line, colon).startsWith('BUNDLE')) summary.bundle = true;
        break;
      case 'ice-lite':
        summary.iceLite = true;
        break;
      case 'ice-ufrag': {
        const value = valueAfter(line, colon);
        if (!ufrags.has(value)) {
          ufrags.add(value);
          summary.ufrags.push(value);
        }
        if (current) current.ufrag = value;
        break;
      }
      case 'setup':
        summary.setup ??= valueAfter(line, colon);
        break;
      case 'fingerprint': {
        const algo = valueAfter(line, colon).split(' ')[0];
        if (algo && !algorithms.has(algo)) {
          algorithms.add(algo);
          summary.fingerprintAlgorithms.push(algo);
        }
        break;
      }
      case 'mid':
        if (current) current.mid = valueAfter(line, colon);
        break;
      case 'sendrecv':
      case 'sendonly':
      case 'recvonly':
      case 'inactive':
        if (current) current.direction = name;
        break;
      case 'rtcp-mux':
        if (current) current.rtcpMux = true;
        break;
      case 'rtpmap': {
        const value = valueAfter(line, colon);
        const m = RTPMAP.exec(value) ?? RTPMAP_BLANK_NAME.exec(value);
        if (m && current) {
          const codec: SdpCodec = { payloadType: Number(m[1]), name: m[3]!, clockRate: Number(m[4]) };
          if (m[5]) codec.channels = Number(m[5]);
          current.codecs.push(codec);
          codecByPt.set(codec.payloadType, codec);
        }
        break;
      }
      case 'fmtp': {
        const fmtp = fmtpOf(valueAfter(line, colon));
        const codec = fmtp ? codecByPt.get(fmtp.payloadType) : undefined;
        if (codec) codec.fmtp = fmtp!.parameters;
        break;
      }
      case 'ssrc': {
        if (!current) break;
        const value = valueAfter(line, colon);
        const space = value.indexOf(' ');
        const ssrc = Number(space === -1 ? value : value.slice(0, space));
        if (Number.isFinite(ssrc) && !ssrcsSeen.has(ssrc)) {
          ssrcsSeen.add(ssrc);
          current.ssrcs.push(ssrc);
        }
        break;
      }
      case 'ssrc-group':
        if (current && valueAfter(line, colon).startsWith('SIM')) current.simulcast = true;
        break;
      case 'simulcast':
        if (current) current.simulcast = true;
        break;
      case 'rid':
        if (current) current.rids.push(valueAfter(line, colon).split(' ')[0]!);
        break;
      case 'candidate':
        if (current) current.candidates.push(line);
        break;
      default:
        break;
    }
  }
  return summary;
}

const valueAfter = (line: string, colon: number): string => (colon === -1 ? '' : line.slice(colon + 1));

/**
 * `a=fmtp:<pt> <parameters>`, read as `/^(\d+)\s+(.*)$/` read it: parameters after the first run
 * of white space, none when they hold a line break. Lines are split at `\n` only, so a lone `\r`
 * can be left inside one, and that pattern then gave back the white space one character at a time
 * (quadratic: 100 kB of spaces before a `\r` took ten seconds).
 */
function fmtpOf(value: string): { payloadType: number; parameters: string } | undefined {
  const head = /^(\d+)\s+/.exec(value);
  if (!head) return undefined;
  const parameters = value.slice(head[0].length);
  return /[\n\r\u2028\u2029]/.test(parameters) ? undefined : { payloadType: Number(head[1]), parameters };
}

/**
 * `sdp.split(/\r?\n/)` without empty lines. A string separator is much cheaper than a regular
 * expression, and descriptions are the largest texts of an event log. Not kept in the summary:
 * the lines of every description of a 200 MB dump (703 connections) held 21 MB for the session's
 * life, for the few checks that read them (sdpLines splits them there, kept for one run of the
 * detectors).
 */
export function splitLines(sdp: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let nl = sdp.indexOf('\n'); nl !== -1; nl = sdp.indexOf('\n', start)) {
    const end = nl > start && sdp.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    if (end > start) lines.push(sdp.slice(start, end));
    start = nl + 1;
  }
  if (start < sdp.length) lines.push(sdp.slice(start));
  return lines;
}
