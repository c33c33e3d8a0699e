import { Counter, Gauge, type Registry } from 'prom-client';

/** Why a collecting connection was refused or closed: the `reason` label of the metrics and logs. */
export type CloseReason =
  | 'ended'
  | 'client_gone'
  | 'idle'
  | 'malformed'
  | 'binary'
  | 'unknown_protocol'
  | 'message_too_large'
  | 'flood'
  | 'slow_client'
  | 'call_too_large'
  | 'account_full'
  | 'shutdown'
  | 'error';

export type RefuseReason = 'token' | 'origin' | 'capacity' | 'no_credits' | 'account_full' | 'server_side';

/** The `callscope_collect_*` metrics, in the service's registry. */
export class CollectMetrics {
  readonly connections: Gauge<'protocol'>;
  readonly accepted: Counter<'protocol'>;
  readonly refused: Counter<'reason'>;
  readonly closed: Counter<'reason'>;
  readonly messages: Counter;
  readonly bytes: Counter;
  readonly calls: Counter<'outcome'>;
  readonly unanalyzed: Gauge;

  constructor(registry: Registry, unanalyzed: () => Promise<number>) {
    const registers = [registry];
    this.connections = new Gauge({
      name: 'callscope_collect_connections',
      help: 'Collecting WebSocket connections open on this node, by client protocol',
      labelNames: ['protocol'],
      registers,
    });
    this.accepted = new Counter({
      name: 'callscope_collect_connections_total',
      help: 'Collecting connections accepted, by client protocol',
      labelNames: ['protocol'],
      registers,
    });
    this.refused = new Counter({
      name: 'callscope_collect_refused_total',
      help: 'Collecting connections refused at connect, by reason',
      labelNames: ['reason'],
      registers,
    });
    this.closed = new Counter({
      name: 'callscope_collect_closed_total',
      help: 'Collecting connections closed, by reason (ended, client_gone, idle, malformed, flood, ...)',
      labelNames: ['reason'],
      registers,
    });
    this.messages = new Counter({
      name: 'callscope_collect_messages_total',
      help: 'Messages received from collecting clients',
      registers,
    });
    this.bytes = new Counter({
      name: 'callscope_collect_bytes_total',
      help: 'Dump bytes written for collected calls',
      registers,
    });
    this.calls = new Counter({
      name: 'callscope_collect_calls_total',
      help: 'Collected calls that ended, by outcome (saved, unanalyzed, failed, empty)',
      labelNames: ['outcome'],
      registers,
    });
    this.unanalyzed = new Gauge({
      name: 'callscope_collect_unanalyzed_calls',
      help: 'Collected calls kept without analysis for want of credits (all nodes)',
      registers,
      async collect() {
        this.set(await unanalyzed().catch(() => 0));
      },
    });
  }
}
