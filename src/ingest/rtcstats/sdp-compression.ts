interface Description {
  type?: unknown;
  sdp?: unknown;
}

function sections(sdp: string): string[] {
  return sdp.split('\nm=').map((part, i) => (i > 0 ? `m=${part}` : part).trim());
}

/**
 * rtcstats-js replaces SDP sections identical to the base description's with a bare `m=` (or `v=`
 * for the session part). Restores them; a description without such placeholders is unchanged.
 */
export function decompressDescription(base: Description | undefined, next: unknown): unknown {
  if (!next || typeof next !== 'object') return next;
  const n = next as Description;
  if (!base || typeof base.sdp !== 'string' || typeof n.sdp !== 'string' || base.type !== n.type) return next;
  if (!hasPlaceholder(n.sdp)) return next;
  const baseSections = sections(base.sdp);
  const sdp = `${sections(n.sdp)
    .map((s, i) => (s === (i === 0 ? 'v=' : 'm=') ? (baseSections[i] ?? s) : s))
    .join('\r\n')
    .trim()}\r\n`;
  return { ...n, sdp };
}

/**
 * A line that is just `v=` or `m=`: `/(^|\n)[vm]=\r?(\n|$)/`, which every description of an
 * rtcstats dump is tested against. The expression, anchored by an alternation, is tried at every
 * position of the text; searching for the line starts is several times cheaper.
 */
function hasPlaceholder(sdp: string): boolean {
  if (placeholderAt(sdp, 0)) return true;
  for (const start of ['\nm=', '\nv=']) {
    for (let i = sdp.indexOf(start); i !== -1; i = sdp.indexOf(start, i + 3))
      if (placeholderAt(sdp, i + 1)) return true;
  }
  return false;
}

/** `sdp` has a line that is only `v=` or `m=` (and an optional `\r`) at `at`. */
function placeholderAt(sdp: string, at: number): boolean {
  const c = sdp.charCodeAt(at);
  if ((c !== 118 && c !== 109) || sdp.charCodeAt(at + 1) !== 61) return false;
  let end = at + 2;
  if (sdp.charCodeAt(end) === 13) end++;
  return end === sdp.length || sdp.charCodeAt(end) === 10;
}

/** Tracks the descriptions rtcstats-js compressed against, per connection. */
export class DescriptionTracker {
  #local: Description | undefined;
  #remote: Description | undefined;
  #createdOffer: Description | undefined;
  #createdAnswer: Description | undefined;
  #beforeImplicit: Description | undefined;

  /** Returns the decompressed value of a description-carrying event and updates the bases. */
  apply(method: string, value: unknown): unknown {
    switch (method) {
      case 'createOfferOnSuccess':
      case 'createAnswerOnSuccess': {
        const out = decompressDescription(this.#local, value) as Description;
        if (!this.#local) {
          if (method === 'createOfferOnSuccess') this.#createdOffer = out;
          else this.#createdAnswer = out;
        }
        return out;
      }
      case 'setLocalDescription': {
        if (value === null || value === undefined) {
          this.#beforeImplicit = this.#local;
          return value;
        }
        const v = value as Description;
        const created =
          v.type === 'offer' ? this.#createdOffer : v.type === 'answer' ? this.#createdAnswer : undefined;
        const out = decompressDescription(this.#local ?? created, value) as Description;
        this.#createdOffer = undefined;
        this.#createdAnswer = undefined;
        this.#local = out;
        return out;
      }
      case 'setLocalDescriptionOnSuccess': {
        if (value && typeof value === 'object') {
          const out = decompressDescription(this.#beforeImplicit, value) as Description;
          this.#local = out;
          return out;
        }
        return value;
      }
      case 'setRemoteDescription': {
        const out = decompressDescription(this.#remote, value) as Description;
        if (out && typeof out === 'object') this.#remote = out;
        return out;
      }
      default:
        return value;
    }
  }
}
