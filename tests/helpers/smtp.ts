import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.ts';
import { eventually } from './eventually.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string | undefined;
  /** The files sent with the mail, their content as text. */
  attachments: { filename: string; contentType: string; content: string }[];
}

export interface TestSmtp {
  /** smtp://… to give the server as SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** From now on, refuse every message (a mail server down), or accept them again. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

/**
 * A mail server on 127.0.0.1 that keeps what it receives, for tests that read the site's mail:
 * the real SMTP exchange (smtp-server), with a login, and the messages parsed (mailparser).
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'site' && auth.password === 'mot-de-passe-smtp')
        callback(null, { user: 'site' });
      else callback(new Error('Identifiants SMTP refusés'));
    },
    onData(stream, session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(new Error('Serveur indisponible')));
        return;
      }
      simpleParser(stream).then((mail: ParsedMail) => {
        received.push({
          from: mail.from?.text ?? '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          replyTo: mail.replyTo?.text,
          attachments: mail.attachments.map((file) => ({
            filename: file.filename ?? '',
            contentType: file.contentType,
            content: file.content.toString('utf8'),
          })),
        });
        callback();
      }, callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://site:mot-de-passe-smtp@127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      await eventually(`${count} e-mail(s)`, () => received.length >= count, {
        ms: timeoutMs,
        every: 50,
      }).catch(() => {
        throw new Error(`${received.length} e-mail(s) reçu(s) sur ${count} attendu(s)`);
      });
      return received;
    },
    refuse(value) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
