import { describe, expect, it } from 'vitest';
import type { AnalyzeResponse, SessionResponse } from '../model/api/resources.js';
import { SEVERITIES, TAGS } from '../model/payload/observation.js';
import type * as Client from './client/types.js';
import { SEVERITIES as CLIENT_SEVERITIES, TAGS as CLIENT_TAGS } from './client/types.js';

/**
 * The viewer (src/web/client, compiled for the browser on its own) declares the parts of the API's
 * shapes it reads instead of importing the model's schemas. These checks keep the two from
 * drifting: the type aliases below stop `npm run lint` (tsc) when an API response is no longer
 * assignable to what the viewer expects, and the tests compare the constant lists.
 */
type Reads<Viewer, Api extends Viewer> = Api;
export type SessionPageReads = Reads<Client.SessionResponse, SessionResponse>;
export type AnalyzePageReads = Reads<Omit<Client.SessionResponse, 'callscopeId'>, AnalyzeResponse>;

describe('the viewer’s copy of the API shapes', () => {
  it('lists the same severities, in the same order', () => {
    expect(CLIENT_SEVERITIES).toEqual([...SEVERITIES]);
  });

  it('lists the same tags, in the same order', () => {
    expect([...CLIENT_TAGS]).toEqual([...TAGS]);
  });
});
