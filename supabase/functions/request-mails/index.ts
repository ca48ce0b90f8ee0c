// Entry point on hosted Supabase (Deno). The self-hosted server imports handler.ts directly.
import nodemailer from 'nodemailer';
import { mailFromHeader, mailSender, smtpTransportOptions } from '../_shared/smtp.ts';
import { createHandler } from './handler.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Promise<Response>): unknown;
};

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`Variable d'environnement manquante : ${name}`);
  return value;
}

// The same settings as the self-hosted server, as secrets: SMTP_URL, NOTIFY_EMAIL, MAIL_FROM.
const smtpUrl = Deno.env.get('SMTP_URL') || undefined;
const transport = smtpUrl ? nodemailer.createTransport(smtpTransportOptions(smtpUrl)) : undefined;
const from = smtpUrl ? mailSender(smtpUrl, Deno.env.get('MAIL_FROM') || undefined) : undefined;

Deno.serve(
  createHandler({
    supabaseUrl: required('SUPABASE_URL'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    siteUrl: Deno.env.get('SITE_URL') || undefined,
    smtpUrl,
    notifyEmail: Deno.env.get('NOTIFY_EMAIL') || undefined,
    sendMail: transport
      ? async ({ senderName, ...mail }) => {
          await transport.sendMail({ ...mail, from: mailFromHeader(from!, senderName) });
        }
      : undefined,
  }),
);
