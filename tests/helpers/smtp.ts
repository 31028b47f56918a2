// A real SMTP server in the test process (smtp-server), whose messages are parsed (mailparser).
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

export type TestMailbox = {
  url: string;
  received: ParsedMail[];
  /** answer 4xx (try later) or 5xx (refused) to the next messages */
  refuseNext: (count: number, code: 451 | 550) => void;
  close: () => Promise<void>;
};

export async function startMailbox(): Promise<TestMailbox> {
  const received: ParsedMail[] = [];
  let refusals: { count: number; code: number } = { count: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session: SMTPServerSession, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusals.count > 0) {
            refusals.count--;
            const error = Object.assign(
              new Error(refusals.code >= 500 ? "Mailbox unavailable" : "Try again later"),
              { responseCode: refusals.code },
            );
            callback(error);
            return;
          }
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count, code) => {
      refusals = { count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
