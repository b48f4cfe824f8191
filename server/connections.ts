import http from 'node:http'
import type { Socket } from 'node:net'

/**
 * How long the instance keeps a connection and waits for a request, chosen so that a new
 * connection (a health check, another visitor) is answered while others pile up. Node's own
 * defaults give a request's headers 60 s and the whole request 300 s, looked at every 30 s.
 */
export const CONNECTION_LIMITS = {
  /**
   * An idle connection is closed after 20 s: longer than any pooling proxy in front keeps an idle
   * one (nginx's upstream `keepalive_timeout 15s` in docs/operations.md; HAProxy's default
   * `http-reuse safe` sends a visitor's first request on a connection of its own), so no proxy
   * sends a request on a connection this side is closing.
   */
  keepAliveTimeoutMs: 20_000,
  /** Above the keep-alive: a request's headers have 21 s to arrive whole (a slow sender's hold). */
  headersTimeoutMs: 21_000,
  /** The whole request, body included: an enquiry is a few kilobytes even from a slow phone. */
  requestTimeoutMs: 30_000,
  /** How often the two timeouts above are checked: they are at most a second late. */
  checkingIntervalMs: 1_000,
  /** A browser sends about 20 headers; past 100 the rest are not read. */
  maxHeadersCount: 100,
  /**
   * The request line and headers together, which Node counts as one (16 KiB by default): the
   * longest address the site takes (8 KiB; route discovery asks up to 7,680 characters) and then
   * still Node's 16 KiB for a visitor's headers and cookie jar. Past it, Node answers 431.
   */
  maxHeaderSizeBytes: 8 * 1024 + 16 * 1024,
  /**
   * Connections open at once from one peer address that is not a trusted proxy (a client
   * reaching the instance directly): past it, its new connections are closed on arrival. A
   * balancer, whose pooled connections carry everyone's requests, is never held to it.
   */
  maxConnectionsPerPeer: 256,
  /**
   * Connections open at once in all: each costs some memory, and past this many the file
   * descriptors the image allows would be near. Above what the balancer's `maxconn` sends.
   */
  maxConnections: 10_000,
  /**
   * The listen queue: connections the kernel has accepted that the event loop has not yet taken.
   * The kernel caps it at `net.core.somaxconn` (4096 in Docker's network namespaces on Linux 5.4
   * and later); Node asks for 511 unless told.
   */
  backlog: 4096,
} as const

/**
 * An HTTP server for `app` with the limits above, listening on `port` and `host`; `onListening`
 * is called once, with the error when it could not listen. `isTrustedPeer` says whether a
 * connection's peer is a proxy whose connections carry many clients.
 */
export function listenWithLimits(
  app: http.RequestListener,
  {
    port,
    host,
    isTrustedPeer,
  }: { port: number; host: string; isTrustedPeer: (address: string) => boolean },
  onListening: (error?: Error) => void,
) {
  const server = http.createServer(
    {
      keepAliveTimeout: CONNECTION_LIMITS.keepAliveTimeoutMs,
      headersTimeout: CONNECTION_LIMITS.headersTimeoutMs,
      requestTimeout: CONNECTION_LIMITS.requestTimeoutMs,
      connectionsCheckingInterval: CONNECTION_LIMITS.checkingIntervalMs,
      maxHeaderSize: CONNECTION_LIMITS.maxHeaderSizeBytes,
    },
    app,
  )
  server.maxHeadersCount = CONNECTION_LIMITS.maxHeadersCount
  server.maxConnections = CONNECTION_LIMITS.maxConnections
  holdPeersToTheirConnections(server, isTrustedPeer)
  server.once('error', onListening)
  server.listen({ port, host, backlog: CONNECTION_LIMITS.backlog }, () => {
    server.off('error', onListening)
    onListening()
  })
  return server
}

/**
 * Closes a connection past its peer's share before the HTTP layer sees it: Node's HTTP server
 * sets up a parser for every connection it is handed (its one 'connection' listener), which a
 * flood of connections would pay for each.
 */
function holdPeersToTheirConnections(
  server: http.Server,
  isTrustedPeer: (address: string) => boolean,
) {
  const open = new Map<string, number>()
  const handOver = server.listeners('connection') as Array<(socket: Socket) => void>
  server.removeAllListeners('connection')
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? ''
    if (!isTrustedPeer(peer)) {
      const count = (open.get(peer) ?? 0) + 1
      if (count > CONNECTION_LIMITS.maxConnectionsPerPeer) {
        socket.destroy()
        return
      }
      open.set(peer, count)
      socket.once('close', () => {
        const left = (open.get(peer) ?? 1) - 1
        if (left > 0) open.set(peer, left)
        else open.delete(peer)
      })
    }
    for (const listener of handOver) listener.call(server, socket)
  })
}
