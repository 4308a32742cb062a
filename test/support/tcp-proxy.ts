import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL in the tests), that a test can take
 * down — no new connections, every open one cut, as a database restart or a network fault looks to
 * the product — and bring back on the same port.
 */
export class TcpProxy {
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** `url` with its host and port replaced by the proxy's. */
  static async inFrontOf(url: string): Promise<{ proxy: TcpProxy; url: string }> {
    const target = new URL(url);
    const proxy = await new TcpProxy(target.hostname, Number(target.port)).up();
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    return { proxy, url: target.toString() };
  }

  async up(): Promise<this> {
    const server = createServer((client) => {
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
    this.server = server;
    return this;
  }

  /** Refuses new connections and cuts the open ones. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
