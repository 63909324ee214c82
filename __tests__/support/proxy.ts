import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A corporate proxy stand-in on 127.0.0.1: it tunnels CONNECT requests and forwards absolute-URI
 * requests, and records every destination it was asked for. Whatever host name a client asks
 * for, it connects to that port on 127.0.0.1 only, so a test can give the mock GitHub a name
 * that does not resolve (`api.github.test`): only a client that goes through the proxy reaches it.
 */
export class LoopbackProxy {
  /** `host:port` of every CONNECT tunnel and forwarded request, in order. */
  readonly destinations: string[] = [];
  private server?: http.Server;
  private sockets = new Set<net.Socket>();
  url = '';

  async start(): Promise<string> {
    const server = http.createServer((req, res) => this.forward(req, res));
    server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) =>
      this.tunnel(req, client, head),
    );
    server.on('connection', (s: net.Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private tunnel(req: http.IncomingMessage, client: net.Socket, head: Buffer): void {
    const dest = req.url ?? '';
    this.destinations.push(dest);
    const port = Number(/:(\d+)$/.exec(dest)?.[1]);
    if (!port) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    this.sockets.add(upstream);
    upstream.on('close', () => this.sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    this.destinations.push(target.host);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: Number(target.port || 80),
        method: req.method,
        path: target.pathname + target.search,
        headers: req.headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  }
}
