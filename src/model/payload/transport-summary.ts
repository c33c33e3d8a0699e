import Type from 'typebox';
import { Candidate, Distribution, Nullable } from './common.js';

export const TransportSummary = Type.Object(
  {
    pid: Type.String(),
    selectedCandidatePairId: Nullable(Type.String()),
    transports: Type.Array(
      Type.Object({
        id: Type.String(),
        dtlsState: Nullable(Type.String()),
        iceState: Nullable(Type.String()),
        dtlsRole: Nullable(Type.String()),
        iceRole: Nullable(Type.String()),
        tlsVersion: Nullable(Type.String()),
        dtlsCipher: Nullable(Type.String()),
        srtpCipher: Nullable(Type.String()),
        selectedCandidatePairChanges: Nullable(Type.Integer()),
        bytesSent: Nullable(Type.Integer()),
        bytesReceived: Nullable(Type.Integer()),
      }),
    ),
    candidatePairs: Type.Array(
      Type.Object({
        id: Type.String(),
        state: Nullable(Type.String()),
        nominated: Type.Boolean(),
        selected: Type.Boolean({ description: 'Selected at some point of the call.' }),
        local: Nullable(Candidate),
        remote: Nullable(Candidate),
        bytesSent: Nullable(Type.Integer()),
        bytesReceived: Nullable(Type.Integer()),
        requestsSent: Nullable(Type.Integer()),
        responsesReceived: Nullable(Type.Integer()),
        roundTripTimeMs: Nullable(Distribution),
      }),
    ),
  },
  { description: 'ICE transports and candidate pairs of one peer connection.' },
);
export type TransportSummary = Type.Static<typeof TransportSummary>;
