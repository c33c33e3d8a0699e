import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { analyzeDump } from '../analysis/analyze-dump.js';
import type { AnalyzeResponse, SessionResponse } from '../model/api/resources.js';
import { MEASUREMENT_FIELDS, SEVERITIES, TAGS } from '../model/observation-terms.js';
import type * as Client from './client/types.js';
import {
  MEASUREMENT_FIELDS as CLIENT_MEASUREMENTS,
  SEVERITIES as CLIENT_SEVERITIES,
  TAGS as CLIENT_TAGS,
} from './client/types.js';

/**
 * The viewer (src/web/client, compiled for the browser on its own) declares the parts of the API's
 * shapes it reads instead of importing the model's schemas. This keeps the two from drifting:
 * `npm run lint` (tsc) stops when an API response is no longer assignable to what the viewer
 * reads, and the tests compare the constant lists (severities, tags, measurement fields).
 */
const forViewer = (response: SessionResponse | AnalyzeResponse): Client.SessionResponse => response;

describe('the viewer’s copy of the API shapes', () => {
  it('reads a real analysis: every stream and connection has the chart series it draws', async () => {
    const { data, processorVersion } = await analyzeDump(
      fixture('chromium156/clean/webrtc_internals_dump.txt'),
    );
    const viewed = forViewer({ data, processorVersion });
    const streams = Object.values(viewed.data.streams);
    expect(streams.length).toBeGreaterThan(0);
    for (const s of streams) expect(Array.isArray(s.series.t)).toBe(true);
    for (const pc of Object.values(viewed.data.pConnections)) expect(Array.isArray(pc.series.t)).toBe(true);
  });

  it('lists the same severities, in the same order', () => {
    expect(CLIENT_SEVERITIES).toEqual([...SEVERITIES]);
  });

  it('lists the same tags, in the same order', () => {
    expect([...CLIENT_TAGS]).toEqual([...TAGS]);
  });

  it('lists the same measurement fields, in the same order', () => {
    expect([...CLIENT_MEASUREMENTS]).toEqual([...MEASUREMENT_FIELDS]);
  });
});
