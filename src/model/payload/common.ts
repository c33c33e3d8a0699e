import Type, { type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Epoch milliseconds, whole. */
export const EpochMs = Type.Integer({ description: 'Epoch time in whole milliseconds.' });

/** How a measured value was distributed over the call's samples. */
export const Distribution = Type.Object(
  {
    avg: Type.Number(),
    min: Type.Number(),
    max: Type.Number(),
    p5: Type.Number(),
    p95: Type.Number(),
    stddev: Type.Number(),
  },
  { description: 'Distribution of per-sample values over the recording.' },
);

export const StateChange = Type.Object({
  state: Type.String(),
  at: Nullable(EpochMs),
});

/** A chart-ready series: sample times and one array per metric, null where not measured. */
export const Series = Type.Object(
  { t: Type.Array(EpochMs) },
  {
    additionalProperties: Type.Array(Nullable(Type.Number())),
    description: 'Downsampled time series: `t` holds the times, every other key one metric aligned to `t`.',
  },
);

export const Candidate = Type.Object({
  type: Nullable(Type.String({ description: 'host, srflx, prflx or relay' })),
  protocol: Nullable(Type.String()),
  address: Nullable(Type.String()),
  port: Nullable(Type.Integer()),
  relayProtocol: Nullable(Type.String({ description: 'Transport to the TURN server: udp, tcp or tls.' })),
  url: Nullable(Type.String()),
  networkType: Nullable(Type.String()),
});
