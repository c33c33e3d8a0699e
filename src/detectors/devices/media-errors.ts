import type { MediaRequestView } from '../../computed/media-requests.js';
import type { Severity, Tag } from '../../model/payload/observation.js';
import { type Detector, defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

const KNOWN = [
  'NotAllowedError',
  'PermissionDeniedError',
  'NotReadableError',
  'TrackStartError',
  'NotFoundError',
  'DevicesNotFoundError',
  'OverconstrainedError',
  'ConstraintNotSatisfiedError',
];

const DEVICE: Record<string, string> = { audio: 'microphone', video: 'camera' };

/** Constraint values that ask for the kind (`true`, an object, a constraint text). */
const wanted = (c: unknown) => c !== null && c !== undefined && c !== false && c !== 'false';

/** Track kinds a request asked for; getDisplayMedia is judged on the screen (video) alone. */
function requestedKinds(r: MediaRequestView): string[] {
  if (r.api === 'getDisplayMedia') return ['video'];
  return (['audio', 'video'] as const).filter((k) => wanted(r[k]));
}

/**
 * What the user went without after each failed request: the requested kinds that no later request
 * of the same API obtained a track of. A request whose constraints were not recorded counts as
 * recovered by any later success with tracks. One pass from the end, keeping what later successes
 * of each API obtained: a search of the later requests for each failure is quadratic, and a dump
 * can hold any number of failed requests (issue 26).
 */
function missingAfterEach(requests: readonly MediaRequestView[]): Map<MediaRequestView, string[]> {
  const later = new Map<MediaRequestView['api'], { tracks: boolean; kinds: Set<string> }>();
  const missing = new Map<MediaRequestView, string[]>();
  for (let i = requests.length - 1; i >= 0; i--) {
    const r = requests[i]!;
    let obtained = later.get(r.api);
    if (!obtained) {
      obtained = { tracks: false, kinds: new Set() };
      later.set(r.api, obtained);
    }
    if (r.outcome === 'failure') {
      const kinds = requestedKinds(r);
      missing.set(
        r,
        kinds.length === 0 ? (obtained.tracks ? [] : ['media']) : kinds.filter((k) => !obtained.kinds.has(k)),
      );
    } else if (r.outcome === 'success') {
      if (r.tracks.length > 0) obtained.tracks = true;
      for (const t of r.tracks) obtained.kinds.add(t.kind);
    }
  }
  return missing;
}

function missingText(api: MediaRequestView['api'], missing: readonly string[]): string {
  if (missing.includes('media')) return '; no later request succeeded';
  const what = api === 'getDisplayMedia' ? ['screen'] : missing.map((k) => DEVICE[k] ?? k);
  return `; no later request obtained the ${what.join(' or the ')}`;
}

/** getUserMedia/getDisplayMedia failures with one of the given error names. */
export function mediaErrorDetector(options: {
  type: string;
  title: string;
  names: readonly string[] | 'other';
  tags: readonly Tag[];
  description: string;
  remedy: string;
  /** A failure that is the user's choice rather than a fault (low even when nothing was obtained). */
  declined?: (failure: MediaRequestView) => boolean;
}): Detector {
  const matches = (r: MediaRequestView) =>
    r.outcome === 'failure' &&
    (options.names === 'other'
      ? !KNOWN.includes(r.errorName ?? '')
      : options.names.includes(r.errorName ?? ''));
  return defineDetector({
    meta: {
      type: options.type,
      title: options.title,
      severities: ['high', 'low'],
      tags: options.tags,
      category: 'devices',
      description: `${options.description} High when no later request obtained the kind of media that failed (the user went without it); low when a retry got it${options.declined ? ', or when the failure was the user declining' : ''}.`,
      remedy: options.remedy,
      thresholds: [
        {
          name: 'error',
          value: options.names === 'other' ? 'any other error name' : options.names.join(', '),
          source: `${SOURCES.mediaCapture}; ${SOURCES.peermetrics} (getusermedia_error)`,
        },
      ],
      related: ['getUserMediaNotAllowed', 'getUserMediaNotReadable', 'getUserMediaNotFound'].filter(
        (t) => t !== options.type,
      ),
    },
    applies: (session) => session.mediaRequests.length > 0,
    run: (session) => {
      const failures = session.mediaRequests.filter(matches);
      if (failures.length === 0) return [];
      const missing = missingAfterEach(session.mediaRequests);
      const outcomes = failures.map((f) => ({ failure: f, missing: missing.get(f)! }));
      // The failure the user did not recover from, if any: it sets the severity and the sentence.
      const shown = outcomes.find((o) => o.missing.length > 0) ?? outcomes[0]!;
      const recovered = shown.missing.length === 0;
      const f = shown.failure;
      const declined = !recovered && options.declined?.(f) === true;
      return [
        {
          severity: (recovered || declined ? 'low' : 'high') as Severity,
          source: f.at !== undefined ? { timestamp: f.at } : {},
          firstSeenAt: f.completedAt ?? f.at,
          valueInCount: failures.length,
          property: f.errorName,
          indicators: {
            errorName: f.errorName ?? null,
            message: f.errorMessage ?? null,
            failures: failures.length,
            recovered,
            missing: recovered ? null : shown.missing.join(', '),
            declined,
            api: f.api,
          },
          meaning: `${f.api} failed with ${f.errorName ?? 'an error'}${f.errorMessage ? ` (${f.errorMessage})` : ''}${recovered ? '; a later request succeeded' : missingText(f.api, shown.missing)}${declined ? ': the user declined' : ''}.`,
        },
      ];
    },
  });
}
