import type { RawPeerConnection } from '../model/peer-connection.js';
import type { TraceEvent } from '../model/trace-event.js';
import type { ParsedCandidate } from './ice-candidate.js';
import { descriptionType } from './lifecycle.js';
import { parseSdp, type SdpSummary } from './sdp.js';
import { addCandidate, candidateError } from './signaling-candidates.js';
import { collectTracks, type TrackIds, tracksFromTransceivers } from './signaling-tracks.js';
import { isObject } from './values.js';

export interface Description {
  type: string | undefined;
  sdp: string;
  at: number | undefined;
  /** The event that carried it (createOfferOnSuccess, setLocalDescription, …). */
  source: string;
  summary: SdpSummary;
}

export interface Negotiation {
  initiator: 'local' | 'remote';
  startedAt: number | undefined;
  completedAt: number | undefined;
  durationMs: number | undefined;
  iceRestart: boolean;
  /** A description was refused while it was under way. */
  error?: string;
}

export interface GatheredCandidate extends ParsedCandidate {
  at: number | undefined;
}

export interface CandidateError {
  url?: string;
  address?: string;
  port?: number;
  errorCode?: number;
  errorText?: string;
  at: number | undefined;
}

export interface TrackRecord {
  kind: string | undefined;
  trackId: string | undefined;
  label?: string;
  at: number | undefined;
}

export interface DataChannelRecord {
  label: string | undefined;
  side: 'local' | 'remote';
  at: number | undefined;
}

export interface Signaling {
  localDescriptions: Description[];
  remoteDescriptions: Description[];
  negotiations: Negotiation[];
  /** Signaling was not stable (nor closed) at the end of the log. */
  pendingNegotiation: boolean;
  iceRestarts: number;
  localCandidates: GatheredCandidate[];
  remoteCandidates: GatheredCandidate[];
  /** Gathering finished (null candidate or `complete` state). */
  gatheringComplete: boolean;
  candidateErrors: CandidateError[];
  localTracks: TrackRecord[];
  remoteTracks: TrackRecord[];
  dataChannels: DataChannelRecord[];
  /**
   * How finely the log records time, ms: 1000 when every event time is a whole second
   * (webrtc-internals exports before M117 wrote locale times, to the second), else 1. A delay
   * between two events of a whole-second log is known only to within a second either way.
   */
  timeResolutionMs: number;
}

const LOCAL_DESCRIPTION_EVENTS = new Set([
  'createOfferOnSuccess',
  'createAnswerOnSuccess',
  'setLocalDescription',
  'setLocalDescriptionOnSuccess',
]);

export function signaling(pc: RawPeerConnection): Signaling {
  const out: Signaling = {
    localDescriptions: [],
    remoteDescriptions: [],
    negotiations: [],
    pendingNegotiation: false,
    iceRestarts: 0,
    localCandidates: [],
    remoteCandidates: [],
    gatheringComplete: false,
    candidateErrors: [],
    localTracks: [],
    remoteTracks: [],
    dataChannels: [],
    timeResolutionMs: timeResolution(pc.events),
  };
  let explicitRestarts = 0;
  const trackIds: TrackIds = { local: new Set(), remote: new Set() };
  let negotiation: Negotiation | undefined;
  let pendingStart:
    | { at: number | undefined; initiator: 'local' | 'remote'; iceRestart: boolean }
    | undefined;
  let lastSignalingState = 'stable';
  const recent: Parsed[] = [];
  for (const e of pc.events) {
    const t = e.timestamp;
    const sdp = sdpOf(e.value);
    if (sdp !== undefined) {
      const { text, summary } = parsedOnce(recent, e.value as { sdp: string }, sdp);
      const d: Description = {
        type: descriptionType(e.value),
        sdp: text,
        at: t,
        source: e.type,
        summary,
      };
      if (LOCAL_DESCRIPTION_EVENTS.has(e.type)) out.localDescriptions.push(d);
      else if (e.type === 'setRemoteDescription') {
        out.remoteDescriptions.push(d);
        for (const section of d.summary.sections) {
          for (const line of section.candidates) addCandidate(out.remoteCandidates, line, t);
        }
      }
    }
    switch (e.type) {
      case 'createOffer': {
        const restart = hasIceRestart(e.value);
        if (restart) explicitRestarts++;
        pendingStart ??= { at: t, initiator: 'local', iceRestart: restart };
        break;
      }
      case 'restartIce':
        explicitRestarts++;
        break;
      case 'setLocalDescription':
        if (lastSignalingState === 'stable')
          pendingStart ??= { at: t, initiator: 'local', iceRestart: false };
        break;
      case 'setRemoteDescription':
        if (descriptionType(e.value) === 'offer')
          pendingStart ??= { at: t, initiator: 'remote', iceRestart: false };
        break;
      case 'onsignalingstatechange': {
        const state = String(e.value);
        if (state === 'have-local-offer' || state === 'have-remote-offer') {
          if (!negotiation) {
            negotiation = {
              initiator: state === 'have-local-offer' ? 'local' : 'remote',
              startedAt: pendingStart?.at ?? t,
              completedAt: undefined,
              durationMs: undefined,
              iceRestart: pendingStart?.iceRestart ?? false,
            };
            out.negotiations.push(negotiation);
          }
        } else if (state === 'stable' && negotiation) {
          negotiation.completedAt = t;
          if (t !== undefined && negotiation.startedAt !== undefined)
            negotiation.durationMs = t - negotiation.startedAt;
          negotiation = undefined;
          pendingStart = undefined;
        }
        lastSignalingState = state;
        break;
      }
      case 'setLocalDescriptionOnFailure':
      case 'setRemoteDescriptionOnFailure':
      case 'createOfferOnFailure':
      case 'createAnswerOnFailure':
        if (negotiation) negotiation.error = typeof e.value === 'string' ? e.value : JSON.stringify(e.value);
        break;
      case 'onicecandidate':
        if (e.value === null || e.value === '' || (isObject(e.value) && !e.value.candidate))
          out.gatheringComplete = true;
        else addCandidate(out.localCandidates, e.value, t);
        break;
      case 'addIceCandidate':
        addCandidate(out.remoteCandidates, e.value, t);
        break;
      case 'onicecandidateerror':
        out.candidateErrors.push(candidateError(e));
        break;
      case 'onicegatheringstatechange':
        if (e.value === 'complete') out.gatheringComplete = true;
        break;
      default:
        collectTracks(out, e, trackIds);
    }
  }
  if (out.localTracks.length === 0 && out.remoteTracks.length === 0) tracksFromTransceivers(out, pc.events);
  out.pendingNegotiation = lastSignalingState !== 'stable' && lastSignalingState !== 'closed';
  const restarts = ufragChanges(out.localDescriptions);
  out.iceRestarts = Math.max(explicitRestarts, restarts.length);
  // The negotiation that applied new credentials restarted ICE, whether or not its offer asked
  // for it (restartIce() and an answer to a restarting offer do not say so in createOffer).
  for (const at of restarts) {
    const n = negotiationAt(out.negotiations, at);
    if (n) n.iceRestart = true;
  }
  return out;
}

function hasIceRestart(v: unknown): boolean {
  return isObject(v) && (v.iceRestart === true || v.iceRestart === 'true');
}

interface Parsed {
  text: string;
  summary: SdpSummary;
}

/**
 * The description `sdp` read once when it repeats a recent one: the offer createOffer returned
 * comes back in setLocalDescription, as the same text in another string. Equal texts share one
 * string (the event's value is given the first one, which it equals) and one summary, which no
 * reader changes: on the 200 MB short-series bench dump a third of the descriptions repeated the
 * one before, 3.9 MB of text and 4.2 MB of summaries that lived as long as the session. Compared
 * with the last few only, not hashed into a map: hashing every whole description took almost half
 * as long as parsing the descriptions (CPU profile of four passes over the test fixtures).
 */
function parsedOnce(recent: Parsed[], value: { sdp: string }, sdp: string): Parsed {
  for (const parsed of recent) {
    if (parsed.text !== sdp) continue;
    value.sdp = parsed.text;
    return parsed;
  }
  const parsed = { text: sdp, summary: parseSdp(sdp) };
  if (recent.length === RECENT_DESCRIPTIONS) recent.shift();
  recent.push(parsed);
  return parsed;
}

/** How many of the last distinct descriptions a new one is compared with (parsedOnce). */
const RECENT_DESCRIPTIONS = 4;

function sdpOf(value: unknown): string | undefined {
  if (isObject(value) && typeof value.sdp === 'string' && value.sdp.length > 0) return value.sdp;
  return undefined;
}

/**
 * Fewer events than this cannot tell a whole-second log: two or three events can fall on whole
 * seconds by chance (one in a thousand each), ten cannot.
 */
const RESOLUTION_MIN_EVENTS = 10;

function timeResolution(events: readonly TraceEvent[]): number {
  let timed = 0;
  for (const e of events) {
    const t = e.timestamp;
    if (t === undefined || !Number.isFinite(t)) continue;
    if (t % 1000 !== 0) return 1;
    timed++;
  }
  return timed >= RESOLUTION_MIN_EVENTS ? 1000 : 1;
}

/** An ICE restart gives the local description new credentials: the times it did. */
function ufragChanges(descriptions: readonly Description[]): (number | undefined)[] {
  const changes: (number | undefined)[] = [];
  let last: string | undefined;
  for (const d of descriptions) {
    if (d.source !== 'setLocalDescription' && d.source !== 'setLocalDescriptionOnSuccess') continue;
    const ufrag = d.summary.ufrags[0];
    if (!ufrag) continue;
    if (last !== undefined && ufrag !== last) changes.push(d.at);
    last = ufrag;
  }
  return changes;
}

/** The negotiation under way at `at`, else the last one started before it. */
function negotiationAt(
  negotiations: readonly Negotiation[],
  at: number | undefined,
): Negotiation | undefined {
  if (at === undefined) return undefined;
  let before: Negotiation | undefined;
  for (const n of negotiations) {
    if (n.startedAt === undefined || n.startedAt > at) continue;
    if (n.completedAt === undefined || at <= n.completedAt) return n;
    before = n;
  }
  return before;
}
