import nodemailer from "nodemailer";
import type { MailTransport } from "./deliver";

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:587 or smtps://…). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: "smtp",
    async send(mail) {
      await transporter.sendMail(mail);
    },
  };
}

/**
 * Development delivery: the message stays in the outbox table, where the development mailbox
 * page shows it; delivering only records that it reached the mailbox.
 */
export const devMailboxTransport: MailTransport = {
  name: "dev-mailbox",
  async send() {},
};
