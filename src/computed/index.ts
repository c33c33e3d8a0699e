export type {
  CandidateInfo,
  CandidatePair,
  DataChannelStats,
  IceTransports,
  SelectedPairChange,
  TransportInfo,
} from './ice-transport.js';
export type { ApiError, Lifecycle, StateChange, StateTimelines } from './lifecycle.js';
export { type PeerConnectionView, viewPeerConnection } from './peer-connection-view.js';
export type { CodecInfo, Direction, MediaKind, RtpStream, SeriesName, TotalName } from './rtp-streams.js';
export type { Description, Negotiation, Signaling } from './signaling.js';
