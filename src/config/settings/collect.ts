import type { Setting } from '../setting.js';

const MiB = 1024 * 1024;

/** Live collection over WebSocket (src/collect). */
export const COLLECT_SETTINGS = [
  {
    key: 'collect',
    env: 'CALLSCOPE_COLLECT',
    type: 'boolean',
    default: 'true',
    description:
      'Accept live collection: apps stream their calls over WebSocket to /v1.0/collect with a collect token, and each call is analyzed and saved when it ends (docs/collect.md).',
  },
  {
    key: 'collectMaxCallBytes',
    env: 'CALLSCOPE_COLLECT_MAX_CALL_BYTES',
    type: 'bytes',
    default: String(100 * MiB),
    min: 1024,
    description:
      "Largest dump one collected call may write (the account plan's file limit applies too): past it the connection is closed (1008) and the call analyzed as it stands.",
  },
  {
    key: 'collectMaxAccountBytes',
    env: 'CALLSCOPE_COLLECT_MAX_ACCOUNT_BYTES',
    type: 'bytes',
    default: String(2048 * MiB),
    min: 1024,
    description:
      'Bytes one account may hold in collected dumps not yet saved (calls in progress, and calls kept for want of credits): past it new connections are refused and writing ones closed (1008).',
  },
  {
    key: 'collectMaxMessageBytes',
    env: 'CALLSCOPE_COLLECT_MAX_MESSAGE_BYTES',
    type: 'bytes',
    default: String(1 * MiB),
    min: 1024,
    description: 'Largest WebSocket message a collecting client may send: a larger one closes it (1009).',
  },
  {
    key: 'collectMessagesPerSecond',
    env: 'CALLSCOPE_COLLECT_MESSAGES_PER_SECOND',
    type: 'integer',
    default: '50',
    min: 1,
    description:
      'Messages per second one collecting connection may send on average, with bursts of ten times as many (a client sending what it buffered before connecting): a flood past it is closed (1008).',
  },
  {
    key: 'collectIdleTimeoutMs',
    env: 'CALLSCOPE_COLLECT_IDLE_TIMEOUT_MS',
    type: 'integer',
    default: '60000',
    min: 100,
    description:
      'A collecting connection that sends no whole message for this long is closed (1001) and its call ends; a jitsi client that dropped without saying goodbye has as long to reconnect and continue its call.',
  },
  {
    key: 'collectFlushMs',
    env: 'CALLSCOPE_COLLECT_FLUSH_MS',
    type: 'integer',
    default: '5000',
    min: 10,
    description:
      "How often each call's newly received data is written to the blob store: a node that dies loses at most this much of each call. A call whose node stopped refreshing it for three times this long is taken for orphaned, and analyzed by another node or the restarted one.",
  },
  {
    key: 'collectWithoutCredits',
    env: 'CALLSCOPE_COLLECT_WITHOUT_CREDITS',
    type: 'string',
    default: 'keep',
    values: ['keep', 'refuse'],
    description:
      'keep: a call of an account without credits is collected and kept unanalyzed, and analyzed once credits are added; refuse: such a connection is closed at once (1008).',
  },
  {
    key: 'collectMaxConnections',
    env: 'CALLSCOPE_COLLECT_MAX_CONNECTIONS',
    type: 'integer',
    default: '5000',
    min: 1,
    description: 'Collecting connections one node holds at once; more are refused (1013, try again later).',
  },
] as const satisfies readonly Setting[];
