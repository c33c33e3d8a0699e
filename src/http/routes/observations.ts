import Type from 'typebox';
import { limitRate } from '../../edge/auth.js';
import { ObservationCatalog, ObservationExplanation } from '../../model/catalog.js';
import { catalogOfObservations, explanationOf } from '../../service/observations.js';
import { type App, BEARER, errors, type RouteOptions } from '../route-types.js';

export function observationsRoutes(app: App, { ctx }: RouteOptions): void {
  app.get(
    '/observations',
    {
      schema: {
        operationId: 'listObservations',
        summary: 'Every observation type',
        description:
          'Every type the engine can emit, sorted by type, with every severity and tag it can carry.',
        tags: ['Observations'],
        security: BEARER,
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: ObservationCatalog, ...errors(400, 401, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      return catalogOfObservations();
    },
  );
  app.get(
    '/observations/:type',
    {
      schema: {
        operationId: 'getObservationExplanation',
        summary: 'What an observation type means',
        description:
          'Extension: what the type means, how its severity is decided (thresholds and their sources), and what to do. Exact, case-sensitive type.',
        tags: ['Observations'],
        security: BEARER,
        params: Type.Object({
          // Types are camelCase names; 100 is the router's limit for one path parameter.
          type: Type.String({
            pattern: '^[A-Za-z0-9_-]{1,100}$',
            description: 'An observation type, e.g. iceFailure.',
          }),
        }),
        response: { 200: ObservationExplanation, ...errors(401, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      return explanationOf(request.params.type);
    },
  );
}
