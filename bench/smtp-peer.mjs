// A real SMTP server on loopback (smtp-server) that counts what it receives, shared by the e-mail
// benchmark (bench/mail.mjs) and the reliability runs (test/reliability/). It can be taken down
// (listener closed and every open connection cut, as a crashed peer would) and brought back on the
// same port, and it can answer slowly.
//
// Like a real mail server, a message is the peer's once its data has arrived in full: a sender that
// vanishes before the 250 answer (killed, or its connection cut) has still delivered it, and will
// send it again, as SMTP senders must (RFC 1047). A peer that goes down before answering loses what
// it had not answered (a crash before it committed the message).
import { createHash } from 'node:crypto';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export class SmtpPeer {
  /**
   * @param {{ delayMs?: number, identify?: boolean }} options
   *   delayMs: how long the peer waits before answering each message's DATA;
   *   identify: parse every message and record a content key (recipient, subject, text and HTML) that
   *   tells two deliveries of one message apart from two messages, whatever their Message-IDs.
   */
  constructor({ delayMs = 0, identify = false } = {}) {
    this.delayMs = delayMs;
    this.identify = identify;
    /** @type {Array<{ messageId: string, from: string, to: string[], contentKey?: string, subject?: string, at: number }>} */
    this.deliveries = [];
    /** Messages received but not answered when the peer went down (not delivered). */
    this.abandoned = 0;
    /** Messages received in full and not answered yet (the peer is taking its time). */
    this.inFlight = 0;
    this.port = 0;
    this.up = false;
    this.server = null;
    this.sockets = new Set();
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}/?ignoreTLS=true`;
  }

  /** Listens (on `port`, or a free one the first time). */
  async start(port = this.port) {
    this.server = this.createServer();
    this.server.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.port = this.server.server.address().port;
    this.up = true;
    return this;
  }

  /** Goes down at once: no new connections, every open one cut without a word. */
  async stop() {
    if (!this.server) return;
    const server = this.server;
    this.server = null;
    this.up = false;
    const closed = new Promise((resolve) => server.server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Every delivery per Message-ID. */
  countsByMessageId() {
    const counts = new Map();
    for (const delivery of this.deliveries) counts.set(delivery.messageId, (counts.get(delivery.messageId) ?? 0) + 1);
    return counts;
  }

  createServer() {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 10 * 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks = [];
        let head = '';
        stream.on('data', (chunk) => {
          if (this.identify) chunks.push(chunk);
          else if (head.length < 8192) head += chunk.toString('latin1');
        });
        stream.on('end', async () => {
          const raw = this.identify ? Buffer.concat(chunks) : null;
          const delivery = {
            messageId: /^message-id:\s*(<[^>]+>)/im.exec(raw ? raw.subarray(0, 16_384).toString('latin1') : head)?.[1] ?? 'missing',
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : 'unknown',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            at: 0,
          };
          if (raw) {
            const email = await PostalMime.parse(raw);
            delivery.subject = email.subject ?? '';
            delivery.contentKey = createHash('sha256')
              .update(JSON.stringify([delivery.to, email.subject ?? '', email.text ?? '', email.html ?? '']))
              .digest('hex');
          }
          this.inFlight += 1;
          if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
          this.inFlight -= 1;
          if (server !== this.server) {
            this.abandoned += 1;
            return; // the peer went down meanwhile: nothing was delivered
          }
          delivery.at = performance.now();
          this.deliveries.push(delivery);
          callback();
        });
      },
    });
    return server;
  }
}
