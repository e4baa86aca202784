import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport } from "./transports";

let server: SMTPServer;
let port = 0;
const received: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@rejected.example")) return callback(new Error("550 mailbox unavailable"));
      callback();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("SMTP transport", () => {
  it("hands the message to the SMTP server named by SMTP_URL", async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    await transport.send({
      from: "Wowcher <no-reply@wowcher.co.uk>",
      to: "ann@example.com",
      subject: "Reset your Wowcher password",
      text: "Reset your password: https://www.wowcher.co.uk/reset-password?token=abc",
      html: "<p>Reset</p>",
    });
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe("no-reply@wowcher.co.uk");
    expect(received[0].to).toEqual(["ann@example.com"]);
    expect(received[0].data).toContain("Subject: Reset your Wowcher password");
    expect(received[0].data).toContain("reset-password?token=abc");
  });

  it("fails when the server refuses, so the outbox retries", async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    await expect(transport.send({ from: "a@b.co", to: "x@rejected.example", subject: "s", text: "t" })).rejects.toThrow(/550/);
  });
});
