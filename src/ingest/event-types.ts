/**
 * Event names differ between eras and formats: webrtc-internals wrote `iceConnectionStateChange`
 * (<= M104), then the DOM name `iceconnectionstatechange`, then rtcstats' `oniceconnectionstatechange`
 * (M142+). Everything is mapped onto the rtcstats vocabulary.
 */
const EVENT_NAMES = new Set([
  'signalingstatechange',
  'iceconnectionstatechange',
  'connectionstatechange',
  'icegatheringstatechange',
  'icecandidate',
  'icecandidateerror',
  'negotiationneeded',
  'track',
  'datachannel',
  'addstream',
  'removestream',
  'dtlsstatechange',
  'dtlserror',
]);

const METHODS = [
  'createOffer',
  'createAnswer',
  'setLocalDescription',
  'setRemoteDescription',
  'addIceCandidate',
  'addTrack',
  'addTransceiver',
  'removeTrack',
  'addStream',
  'removeStream',
  'createDataChannel',
  'restartIce',
  'setConfiguration',
  'getStats',
  'close',
  'create',
  'constraints',
  'transceiverAdded',
  'transceiverModified',
  'setCodecPreferences',
  'setParameters',
  'replaceTrack',
];
const SUFFIXES = ['', 'OnSuccess', 'OnFailure'];
const CANONICAL = new Map<string, string>();
for (const m of METHODS) for (const s of SUFFIXES) CANONICAL.set((m + s).toLowerCase(), m + s);
CANONICAL.set('onrenegotiationneeded', 'onnegotiationneeded');
CANONICAL.set('renegotiationneeded', 'onnegotiationneeded');
CANONICAL.set('legacyiceconnectionstatechange', 'legacyiceconnectionstatechange');
// Java/Swift SDKs wrote ...OnError; rtcstats servers renamed them.
for (const m of METHODS) CANONICAL.set(`${m}OnError`.toLowerCase(), `${m}OnFailure`);

export function canonicalEventType(raw: string): string {
  const lower = raw.toLowerCase();
  const known = CANONICAL.get(lower);
  if (known) return known;
  const bare = lower.startsWith('on') ? lower.slice(2) : lower;
  if (EVENT_NAMES.has(bare)) return `on${bare}`;
  return raw;
}

/** Names of the state-change events and the states they carry. */
export const STATE_EVENTS = {
  signaling: 'onsignalingstatechange',
  iceConnection: 'oniceconnectionstatechange',
  connection: 'onconnectionstatechange',
  iceGathering: 'onicegatheringstatechange',
} as const;

const STATE_EVENT_TYPES = new Set<string>([...Object.values(STATE_EVENTS), 'ondtlsstatechange']);

export function isStateEvent(type: string): boolean {
  return STATE_EVENT_TYPES.has(type);
}

/**
 * State values arrive JSON-quoted (`"\"connected\""`, M142+), bare (`connected`) or as old enum
 * names (`SignalingStateHaveLocalOffer`, `kICEConnectionStateConnected`). Returns the standard
 * state string (`have-local-offer`, `connected`).
 */
export function normalizeState(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let s = value.trim();
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1);
  const legacy =
    /^k?(?:ICE|Ice)?(?:ConnectionState|GatheringState|SignalingState|PeerConnectionState|IceConnectionState)(\w+)$/.exec(
      s,
    );
  if (legacy?.[1]) s = legacy[1];
  return s
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}
