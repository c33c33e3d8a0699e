import type { RtpStream } from './rtp-stream-types.js';

/** Index of the first sample at which the stream had packets (0 when unknown). */
export function activeFrom(stream: RtpStream): number {
  if (stream.firstPacketAt === undefined) return 0;
  for (let i = 0; i < stream.t.length; i++) if (stream.t[i]! >= stream.firstPacketAt) return i;
  return stream.t.length;
}
