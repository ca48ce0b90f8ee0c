/** How long one attempt may take, connecting included: a slow mail server never holds anything. */
const TIMEOUT_MS = 15_000;

/** nodemailer's transport options from SMTP_URL; the same on the self-hosted server and hosted. */
export function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  };
}

/** The sender: MAIL_FROM, else the site's address at the mail server's domain. */
export function mailSender(smtpUrl: string, mailFrom: string | undefined): string {
  return mailFrom || `Site du garage <site@${new URL(smtpUrl).hostname}>`;
}

/**
 * The From header of a mail: MAIL_FROM's address under the mail's own sender name when it has one
 * (the garage's name, docs/decisions/057-one-garage-identity.md), else MAIL_FROM as it is.
 */
export function mailFromHeader(
  from: string,
  senderName: string | undefined,
): string | { name: string; address: string } {
  if (!senderName) return from;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name: senderName, address };
}
