import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The files it carried (the logo, inline, referred to by Content-ID), and calendar parts: a
   * `text/calendar` alternative has its `method`; postal-mime gives a calendar's text with LF line ends.
   */
  attachments: Array<{
    contentId: string | undefined;
    mimeType: string;
    disposition: string | null;
    filename: string | null;
    method: string | undefined;
    content: Uint8Array;
  }>;
  raw: string;
}

type Mode = { kind: 'accept' } | { kind: 'reject'; code: number; message: string };

/**
 * A real SMTP server on loopback that keeps every message it receives, for tests of the e-mail engine.
 * `rejectWith(451, …)` makes it refuse messages (as a failing peer would) until `accept()`.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private mode: Mode = { kind: 'accept' };
  private server: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

  /** `auth`: the peer asks for these credentials (AUTH PLAIN/LOGIN over plain text, as on loopback). */
  constructor(private readonly options: { auth?: { user: string; pass: string } } = {}) {
    this.server = this.createServer();
  }

  get url(): string {
    const auth = this.options.auth;
    const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : '';
    return `smtp://${credentials}127.0.0.1:${this.port}/?ignoreTLS=true`;
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Stops listening (connections are refused) until `restart()`, on the same port. */
  async restart(): Promise<void> {
    this.server = this.createServer();
    await this.start(this.port);
  }

  rejectWith(code: number, message: string): void {
    this.mode = { kind: 'reject', code, message };
  }

  accept(): void {
    this.mode = { kind: 'accept' };
  }

  /** Starts a test with an empty inbox: `deliverQueued` (the app's worker) sends what earlier tests queued, then it is forgotten. */
  async emptyInbox(deliverQueued: () => Promise<void>): Promise<void> {
    await deliverQueued();
    this.received.length = 0;
  }

  /** Resolves once at least `count` messages arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`Expected ${count} e-mails, received ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  private createServer(): SMTPServer {
    const auth = this.options.auth;
    return new SMTPServer({
      disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      logger: false,
      ...(auth
        ? {
            authMethods: ['PLAIN', 'LOGIN'],
            authOptional: false,
            allowInsecureAuth: true,
            onAuth: (credentials, _session, callback) =>
              credentials.username === auth.user && credentials.password === auth.pass
                ? callback(null, { user: credentials.username })
                : callback(new Error('Invalid username or password')),
          }
        : {}),
      onData: (stream: SMTPServerDataStream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.mode.kind === 'reject') {
            const error = Object.assign(new Error(this.mode.message), { responseCode: this.mode.code });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          void PostalMime.parse(raw).then((email) => {
            this.received.push({
              messageId: email.messageId ?? '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              attachments: email.attachments.map((attachment) => ({
                contentId: attachment.contentId,
                mimeType: attachment.mimeType,
                disposition: attachment.disposition,
                filename: attachment.filename,
                method: attachment.method,
                content: typeof attachment.content === 'string' ? Buffer.from(attachment.content) : new Uint8Array(attachment.content),
              })),
              raw,
            });
            callback();
            for (const wake of this.waiters.splice(0)) wake();
          }, callback);
        });
      },
    });
  }
}
