/**
 * rtcstats dumps whose first poll lists `reports` inbound streams and whose `polls` later polls
 * list none: delta compression carries every report into every poll, so a small file stands for
 * reports × polls samples (see CarryBudget). `changing` reports are listed again in every poll,
 * with a new packet count, as a real call's counters are.
 */
export function carryBomb(format: 'v3' | 'v2', reports: number, polls: number, changing = 0): Buffer {
  const t0 = 1_795_246_285_000;
  const ua =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
  const first: Record<string, unknown> = {};
  for (let i = 0; i < reports; i++)
    first[`IT${i}`] = { type: 'inbound-rtp', kind: 'audio', ssrc: i + 1, packetsReceived: 1, timestamp: t0 };
  const poll = (k: number): Record<string, unknown> => {
    const listed: Record<string, unknown> = {};
    for (let i = 0; i < changing; i++) listed[`IT${i}`] = { packetsReceived: 1 + k * 50 };
    return listed;
  };
  const lines =
    format === 'v3'
      ? [
          'RTCStatsDump',
          JSON.stringify({ fileFormat: 3, clientProtocol: 'rtcstats#4.0', userAgent: ua, startTime: t0 }),
          JSON.stringify(['g', 'PC_0', { t: t0, ...first }, t0]),
          ...Array.from({ length: polls }, (_, k) =>
            JSON.stringify(['g', 'PC_0', { t: t0 + (k + 1) * 1000, ...poll(k + 1) }, 1000]),
          ),
        ]
      : [
          JSON.stringify({ fileFormat: 2, userAgent: ua }),
          JSON.stringify(['getstats', 'PC_0', first, t0]),
          ...Array.from({ length: polls }, (_, k) =>
            JSON.stringify([
              'getstats',
              'PC_0',
              { timestamp: t0 + (k + 1) * 1000, ...poll(k + 1) },
              t0 + (k + 1) * 1000,
            ]),
          ),
        ];
  return Buffer.from(`${lines.join('\n')}\n`);
}
