/**
 * JSON-RPC messages of these tools are small (list_sessions takes at most a few KiB of filters): a
 * low limit bounds the event-loop time one body can take to parse (4 MiB of JSON keys took ~1.5 s).
 */
export const MAX_BODY = 256 * 1024;
