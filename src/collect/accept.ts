import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { ServiceContext } from '../service/context.js';
import type { Account } from '../storage/index.js';
import { admit } from './admission.js';
import { CollectConnection, type ConnectionHost } from './connection.js';
import type { ConnectionInfo } from './protocols.js';
import { protocolOfSubprotocol } from './protocols.js';
import type { CollectRequest } from './request.js';

/** What accepting a connection needs of the node's collector. */
export interface AcceptingNode {
  ctx: ServiceContext;
  closed(): boolean;
  /** The node's open connections: an admitted one is added. */
  connections: Set<CollectConnection>;
  /** The account's bytes of calls not yet saved, the stored ones read again. */
  heldBytes(accountId: string): Promise<number>;
  /** The collector, which the connection reports to. */
  host: ConnectionHost;
}

/** The upgrade request a collect connection came with. */
export interface Upgrade {
  wss: WebSocketServer;
  req: IncomingMessage;
  socket: Duplex;
  head: Buffer;
}

/**
 * Admits a collect connection or refuses it (after the handshake, with a close code), and
 * wires an admitted one to the collector.
 */
export async function acceptConnection(
  node: AcceptingNode,
  { wss, req, socket, head }: Upgrade,
  request: CollectRequest,
  offered: string[],
): Promise<void> {
  const { ctx, host } = node;
  // Refusals complete the handshake first: browsers show a client the close code and reason,
  // never an HTTP status (rtcstats-js names 1008 as an authorization failure).
  const origin = req.headers.origin;
  const admission = await admit(
    ctx,
    {
      closed: node.closed(),
      connections: node.connections.size,
      accountBytes: node.heldBytes,
      maxAccountBytes: host.limits.maxAccountBytes,
    },
    request,
    origin,
    offered,
    host.now(),
  );
  if (!admission.admitted) {
    const { reason, code, text } = admission;
    host.metrics.refused.inc({ reason });
    host.log.warn({ reason, code, origin, path: request.pagePath }, 'collect connection refused');
    wss.handleUpgrade(req, socket, head, (ws) => ws.close(code, text));
    return;
  }
  const { account, tokenId } = admission;
  wss.handleUpgrade(req, socket, head, (ws) => connected(node, ws, req, request, account, tokenId));
}

function connected(
  node: AcceptingNode,
  ws: WebSocket,
  req: IncomingMessage,
  request: CollectRequest,
  account: Account,
  tokenId: string,
) {
  const { ctx, host } = node;
  if (node.closed()) return ws.close(1001, 'the server is shutting down');
  const subprotocol = ws.protocol || undefined;
  const protocol = subprotocol ? protocolOfSubprotocol(subprotocol) : undefined;
  const info: ConnectionInfo = {
    path: request.pagePath,
    origin: req.headers.origin,
    userAgent: req.headers['user-agent'],
    subprotocol: protocol ? subprotocol : undefined,
    remoteAddress: req.socket.remoteAddress,
    startedAt: host.now(),
    identity: request.identity,
  };
  const maxCall = Math.min(ctx.config.collect.maxCallBytes, ctx.config.limits.maxFileBytes[account.plan]);
  const connection = new CollectConnection(host, ws, info, account, tokenId, maxCall, protocol, request);
  node.connections.add(connection);
}
