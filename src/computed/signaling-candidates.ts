import type { TraceEvent } from '../model/trace-event.js';
import { parseCandidate, relayProtocolOf } from './ice-candidate.js';
import type { CandidateError, GatheredCandidate } from './signaling.js';
import { isObject } from './values.js';

export function addCandidate(list: GatheredCandidate[], value: unknown, at: number | undefined): void {
  let text: string | undefined;
  let extra: Record<string, unknown> = {};
  if (typeof value === 'string') text = value;
  else if (isObject(value) && typeof value.candidate === 'string') {
    text = value.candidate;
    extra = value;
  }
  if (!text) return;
  const parsed = parseCandidate(text);
  if (!parsed) return;
  const relayProtocol =
    parsed.type === 'relay' ? relayProtocolOf({ ...extra, priority: parsed.priority }) : undefined;
  list.push({
    ...parsed,
    ...(relayProtocol ? { relayProtocol } : {}),
    ...(typeof extra.url === 'string' ? { url: extra.url } : {}),
    at,
  });
}

export function candidateError(e: TraceEvent): CandidateError {
  const v = isObject(e.value) ? e.value : {};
  const code = typeof v.errorCode === 'number' && Number.isFinite(v.errorCode) ? v.errorCode : undefined;
  return {
    ...(typeof v.url === 'string' ? { url: v.url } : {}),
    ...(typeof v.address === 'string' ? { address: v.address } : {}),
    ...(typeof v.port === 'number' && Number.isFinite(v.port) ? { port: v.port } : {}),
    ...(code !== undefined ? { errorCode: code } : {}),
    ...(typeof v.errorText === 'string' ? { errorText: v.errorText } : {}),
    at: e.timestamp,
  };
}
