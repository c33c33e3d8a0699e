import Type from 'typebox';
import { Nullable } from './common.js';
import { Severity } from './observation.js';

/** One moment of the call's story: a cause (or a problem no cause explains) and what it did. */
export const StoryLine = Type.Object(
  {
    at: Type.String({ description: 'When it began, m:ss since the call started ("–" when unknown).' }),
    atMs: Nullable(Type.Integer({ description: 'When it began, epoch ms (its firstSeenAt).' })),
    severity: Severity,
    type: Type.String({ description: 'The observation type.' }),
    observation: Type.Integer({
      minimum: 0,
      description: 'Index of the observation in `observations` that this line tells.',
    }),
    text: Type.String({ description: "The observation's sentence, then what it did to the call." }),
  },
  { description: 'One line of "what happened", the call\'s story in time order.' },
);
export type StoryLine = Type.Static<typeof StoryLine>;
