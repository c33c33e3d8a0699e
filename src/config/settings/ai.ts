import type { Setting } from '../setting.js';

/** The optional written summary of each saved analysis (src/service/ai-summary.ts). */
export const AI_SETTINGS = [
  {
    key: 'aiUrl',
    env: 'CALLSCOPE_AI_URL',
    type: 'url',
    description:
      'Base URL of an OpenAI-compatible chat completions API (for example http://127.0.0.1:11434/v1 for a local Ollama, or a vLLM server): each saved analysis then gets a short written summary (aiSummary), asked for from its cause timeline and scores after the session is saved, with no credit spent. Unset: aiSummary stays null and nothing is sent anywhere.',
  },
  {
    key: 'aiModel',
    env: 'CALLSCOPE_AI_MODEL',
    type: 'string',
    default: 'llama3.2',
    description: 'Model name sent with each summary request (with CALLSCOPE_AI_URL).',
  },
  {
    key: 'aiKey',
    env: 'CALLSCOPE_AI_KEY',
    type: 'string',
    description:
      'API key sent as a bearer token with each summary request; unset: no Authorization header (local servers need none).',
  },
  {
    key: 'aiTimeoutMs',
    env: 'CALLSCOPE_AI_TIMEOUT_MS',
    type: 'integer',
    default: '30000',
    min: 100,
    description:
      'A summary request that has not answered in this long is abandoned and the session keeps aiSummary null; the analysis itself never waits for it.',
  },
  {
    key: 'aiConcurrency',
    env: 'CALLSCOPE_AI_CONCURRENCY',
    type: 'integer',
    default: '2',
    min: 1,
    max: 64,
    description:
      'Summary requests one node has open at once; the rest wait in a queue of 1000 (past it, sessions are saved without a summary).',
  },
] as const satisfies readonly Setting[];
