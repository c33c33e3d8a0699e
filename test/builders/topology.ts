import { readFileSync } from 'node:fs';
import { readSessionView } from '../../src/analysis/analyze-dump.js';
import type { SessionView } from '../../src/computed/session-view.js';
import { fixture } from '../support/fixtures.js';

/**
 * Separate connections to send and to receive (SFU-style apps), built from a recorded call, since
 * the recording tool makes one connection each way: the recorded clean call's webrtc-internals
 * dump with its descriptions edited to a direction, and the stats of what that direction does not
 * carry zeroed, as a browser that reports the idle side's RTP streams shows them.
 */
export interface TopologyEdit {
  /** Direction of every media section in this client's offer; the answer takes its reverse. */
  direction: 'sendonly' | 'recvonly' | 'sendrecv';
  /** Zero the packets and bytes of these streams ('inbound': what arrives, 'outbound': what leaves). */
  silence: 'inbound' | 'outbound';
}

const REVERSE = { sendonly: 'recvonly', recvonly: 'sendonly', sendrecv: 'sendrecv' } as const;

export function recordedTopology(edit: TopologyEdit): () => Promise<SessionView> {
  return () => {
    const dump = JSON.parse(
      readFileSync(fixture('chromium156', 'clean', 'webrtc_internals_dump.txt'), 'utf8'),
    ) as { PeerConnections: Record<string, PcDump> };
    for (const pc of Object.values(dump.PeerConnections)) {
      for (const entry of pc.updateLog) {
        if (typeof entry.value !== 'string' || !entry.value.includes('a=sendrecv')) continue;
        const remote = entry.type === 'setRemoteDescription';
        entry.value = entry.value.replaceAll(
          'a=sendrecv',
          `a=${remote ? REVERSE[edit.direction] : edit.direction}`,
        );
      }
      const prefix = edit.silence === 'inbound' ? 'IT' : 'OT';
      const counters =
        edit.silence === 'inbound' ? ['packetsReceived', 'bytesReceived'] : ['packetsSent', 'bytesSent'];
      for (const [key, series] of Object.entries(pc.stats)) {
        if (!key.startsWith(prefix) || !counters.some((c) => key.endsWith(`-${c}`))) continue;
        const values = JSON.parse(series.values) as unknown[];
        series.values = JSON.stringify(values.map(() => 0));
      }
    }
    return readSessionView(Buffer.from(JSON.stringify(dump)));
  };
}

interface PcDump {
  updateLog: { type: string; value: unknown }[];
  stats: Record<string, { values: string }>;
}

/**
 * Both ends of a recorded call in one dump (a test page that holds both connections, or a server
 * that merges them): the caller's and the callee's webrtc-internals connections side by side.
 */
export function recordedBothSides(scenario: string): () => Promise<SessionView> {
  return () => {
    const read = (file: string) =>
      JSON.parse(readFileSync(fixture('chromium156', scenario, file), 'utf8')) as {
        PeerConnections: Record<string, unknown>;
      };
    const caller = read('webrtc_internals_dump.txt');
    const callee = read('webrtc_internals_dump.callee.txt');
    const connections: Record<string, unknown> = {};
    for (const [id, pc] of Object.entries(caller.PeerConnections)) connections[`caller-${id}`] = pc;
    for (const [id, pc] of Object.entries(callee.PeerConnections)) connections[`callee-${id}`] = pc;
    return readSessionView(Buffer.from(JSON.stringify({ ...caller, PeerConnections: connections })));
  };
}
