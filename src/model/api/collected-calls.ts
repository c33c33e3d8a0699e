import Type from 'typebox';
import { EpochMs, Nullable } from '../payload/common.js';

/** Where a collected call is: the states of src/collect/calls-repo.ts, as the API tells them. */
export const CollectedCallState = Type.Union(
  [
    Type.Literal('open'),
    Type.Literal('lingering'),
    Type.Literal('ended'),
    Type.Literal('ending'),
    Type.Literal('unanalyzed'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ],
  {
    description:
      'open: its client is streaming it; lingering: a jitsi client dropped and may reconnect to continue it; ended: complete, waiting to be analyzed; ending: being analyzed; unanalyzed: kept without analysis because the account had no credit left, analyzed once credits are added; done: saved as the session sessionId; failed: could not be analyzed (error).',
  },
);

export const CollectedCall = Type.Object(
  {
    id: Type.String({ description: 'The call id; a saved call has the file name collect-<id>.txt.' }),
    protocol: Type.Union([Type.Literal('rtcstats-v3'), Type.Literal('rtcstats-2'), Type.Literal('jitsi')]),
    state: CollectedCallState,
    startedAt: EpochMs,
    updatedAt: EpochMs,
    bytes: Type.Integer({ description: 'Dump bytes stored so far (counted when its connection ends).' }),
    sessionId: Nullable(Type.String({ description: 'The saved session (state done).' })),
    error: Nullable(Type.String({ description: 'Why it could not be analyzed (state failed).' })),
  },
  { additionalProperties: false },
);

export const CollectedCallsResponse = Type.Object(
  {
    calls: Type.Array(CollectedCall, { description: 'Newest first, at most 100.' }),
    unanalyzed: Type.Integer({ description: 'Calls of the account kept unanalyzed for want of credits.' }),
  },
  { additionalProperties: false },
);

export type CollectedCall = Type.Static<typeof CollectedCall>;
export type CollectedCallsResponse = Type.Static<typeof CollectedCallsResponse>;
