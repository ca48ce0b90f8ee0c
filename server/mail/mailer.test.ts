import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../tests/helpers/smtp.ts';
import { createMailer } from './mailer.ts';

describe('createMailer', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp?.close());

  it('sends a French message in plain text and HTML through SMTP_URL, from MAIL_FROM', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Garage <site@garage.test>' });
    expect(mailer.enabled).toBe(true);
    await mailer.send({
      to: 'patron@garage.test',
      subject: 'Nouvelle demande de devis',
      text: 'Bonjour, une demande est arrivée.',
      html: '<p>Bonjour, une demande est arrivée.</p>',
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({
      from: '"Garage" <site@garage.test>',
      to: ['patron@garage.test'],
      subject: 'Nouvelle demande de devis',
    });
    expect(mail!.text.trim()).toBe('Bonjour, une demande est arrivée.');
    expect(mail!.html).toContain('<p>Bonjour, une demande est arrivée.</p>');
    mailer.close();
  });

  it('says why when the mail server refuses, and is off without SMTP_URL', async () => {
    smtp.refuse(true);
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: undefined });
    await expect(
      mailer.send({ to: 'x@garage.test', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow(/indisponible/);
    smtp.refuse(false);
    mailer.close();
    const off = createMailer({ smtpUrl: undefined, mailFrom: undefined });
    expect(off.enabled).toBe(false);
    await expect(
      off.send({ to: 'x@garage.test', subject: 's', text: 't', html: 't' }),
    ).rejects.toThrow(/SMTP_URL/);
  });
});
