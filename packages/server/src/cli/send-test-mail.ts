import type { Command } from 'commander';
import { CliError } from './cli-error.js';
import { positiveInteger } from './option-parsers.js';
import { output } from './output.js';

/**
 * `send-test-mail --to ADDRESS --from ADDRESS`: sends one plain-text email to the inbound SMTP listener (by
 * default `127.0.0.1:2525`, the development listener of `npm start`) with nodemailer, to try the inbox without
 * a mail client. Prints the listener's reply, e.g. `250 2.0.0 Accepted`.
 *
 * @see packages/server/README.md, "Mail"
 */
export function registerSendTestMail(program: Command): void {
  program
    .command('send-test-mail')
    .description('Send an email to the inbound SMTP listener (to try the inbox: a reply from a prospect)')
    .requiredOption('--to <address>', "the recipient: a workspace's inbound address or a reply address")
    .requiredOption('--from <address>', "the sender, e.g. a prospect's contact email")
    .option('--subject <text>', 'the subject', 'Re: our conversation')
    .option('--text <text>', 'the body', 'Thanks for writing. Could we talk on Tuesday?')
    .option('--in-reply-to <message-id>', 'the Message-ID this answers (threads it)')
    .option('--host <host>', 'the listener address (default PROSPECTKIT_SMTP_HOST or 127.0.0.1)')
    .option('--port <port>', 'the listener port (default PROSPECTKIT_SMTP_PORT or 2525)', positiveInteger)
    .option('--json', 'print JSON')
    .action(
      async (o: {
        to: string;
        from: string;
        subject: string;
        text: string;
        inReplyTo?: string;
        host?: string;
        port?: number;
        json?: boolean;
      }) => {
        // Loaded here: only this command sends mail.
        const { default: nodemailer } = await import('nodemailer');
        const host = o.host ?? (process.env.PROSPECTKIT_SMTP_HOST || '127.0.0.1');
        const port = o.port ?? Number(process.env.PROSPECTKIT_SMTP_PORT || 2525);
        const transport = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true });
        try {
          const id = o.inReplyTo?.replace(/^<?/, '<').replace(/>?$/, '>');
          const info = await transport.sendMail({
            from: o.from,
            to: o.to,
            subject: o.subject,
            text: o.text,
            ...(id ? { inReplyTo: id, references: [id] } : {}),
          });
          output(!!o.json, { message_id: info.messageId, response: info.response }, info.response);
        } catch (error) {
          const { response, code } = error as { response?: string; code?: string };
          throw new CliError(
            response
              ? `The listener refused the message: ${response}`
              : `Could not reach the SMTP listener at ${host}:${port}${code ? ` (${code})` : ''}. Is \`npm start\` running with the listener on?`,
          );
        } finally {
          transport.close();
        }
      },
    );
}
