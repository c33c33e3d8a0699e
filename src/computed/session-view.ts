import type { ClientInfo, Identity } from '../model/client-info.js';
import type { FormatInfo } from '../model/dump-format.js';
import type { TraceEvent } from '../model/trace-event.js';
import { type MediaRequestView, mediaRequests } from './media-requests.js';
import type { PeerConnectionView } from './peer-connection-view.js';

/** The whole session as analysis sees it: client facts and one view per connection. */
export interface SessionView {
  format: FormatInfo;
  client: ClientInfo;
  identity: Identity;
  clientEvents: TraceEvent[];
  mediaRequests: MediaRequestView[];
  connections: PeerConnectionView[];
  warnings: string[];
  fileSize: number;
  textSize: number;
  fileName: string | undefined;
}

export function sessionView(parts: Omit<SessionView, 'mediaRequests'>): SessionView {
  return { ...parts, mediaRequests: mediaRequests(parts.clientEvents) };
}
