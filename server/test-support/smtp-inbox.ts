import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server on a free local port that keeps every message it accepts. `rejectNext()` makes it
 * refuse the next message, as a mailbox that is down would.
 */
export async function startSmtpInbox() {
  const received: ReceivedMail[] = [];
  let rejecting = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (rejecting) {
          rejecting = false;
          callback(new Error("Mailbox unavailable"));
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext: () => {
      rejecting = true;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
