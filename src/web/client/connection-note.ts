interface ConnectionFacts {
  connected: boolean;
  failed: boolean;
  hasStatistics: boolean;
}

/**
 * Why a connection has nothing in the charts section, for one that has neither a chart nor a media
 * stream (null otherwise): a bare heading reads like a rendering fault.
 */
export function emptyConnectionNote(pc: ConnectionFacts, charted: boolean): string | null {
  if (charted) return null;
  const never = pc.failed ? 'Never connected (it failed)' : 'Never connected';
  if (!pc.connected)
    return `${never}: ${pc.hasStatistics ? 'no media to chart' : 'no statistics were recorded'}.`;
  return pc.hasStatistics
    ? 'No media on this connection.'
    : 'No statistics were recorded on this connection.';
}
