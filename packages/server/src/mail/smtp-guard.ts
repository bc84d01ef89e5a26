import { RateLimiterMemory } from 'rate-limiter-flexible';
import { clientKey } from '../rate-limit/client-key.js';
import { ConnectionLimit } from './connection-limit.js';
import type { SmtpLimits } from './smtp-limits.js';

/** An SMTP refusal: the reply code smtp-server sends, and its text with the enhanced status code. */
export interface SmtpRefusal {
  responseCode: number;
  message: string;
}

/**
 * The listener's limits on what one client, and all of them, may hold or do (`SmtpLimits`). Clients are keyed as
 * the HTTP rate limit keys them (`clientKey`: IPv4 address, IPv6 /64), so one host cannot rotate addresses past
 * them. Open connections and messages in progress are counted here; rates are rate-limiter-flexible's, in memory:
 * each listener guards itself. The global connection cap is smtp-server's own `maxClients`.
 *
 * Every refusal is temporary (4xx), so a real sender slowed by a flood tries again later (RFC 5321 section
 * 4.2.5); nothing is accepted and then dropped.
 *
 * @example
 * const guard = createSmtpGuard(DEFAULT_SMTP_LIMITS);
 * const refusal = await guard.connect(session.remoteAddress); // undefined, or 421
 */
export function createSmtpGuard(limits: Readonly<SmtpLimits>) {
  const connections = new ConnectionLimit(limits.maxConnectionsPerAddress);
  const inProgress = new ConnectionLimit(limits.maxMessagesInProgressPerAddress);
  let messagesInProgress = 0;
  const connectionRate = new RateLimiterMemory({ points: limits.connectionsPerMinute, duration: 60 });
  const messageRate = new RateLimiterMemory({ points: limits.messagesPerMinute, duration: 60 });
  const busy = (): SmtpRefusal => ({
    responseCode: 451,
    message: '4.3.2 Too many messages in progress; try again in a few minutes.',
  });
  return {
    /** A new connection: 421 past the open connections or the connection rate of its address. */
    async connect(address: string): Promise<SmtpRefusal | undefined> {
      const key = clientKey(address);
      try {
        await connectionRate.consume(key);
      } catch {
        return {
          responseCode: 421,
          message: '4.7.0 Too many connections from your address; try again later.',
        };
      }
      if (!connections.acquire(key))
        return {
          responseCode: 421,
          message: '4.7.0 Too many connections from your address; try again later.',
        };
      return undefined;
    },
    /** A connection that {@link connect} let in closed. */
    disconnect(address: string): void {
      connections.release(clientKey(address));
    },
    /**
     * MAIL FROM: 451 when no message could start now (checked first: a busy answer spends none of the client's
     * rate), 450 past the message rate of the address.
     */
    async mailFrom(address: string): Promise<SmtpRefusal | undefined> {
      const key = clientKey(address);
      if (
        messagesInProgress >= limits.maxMessagesInProgress ||
        inProgress.count(key) >= inProgress.maxPerAddress
      )
        return busy();
      try {
        await messageRate.consume(key);
      } catch {
        return { responseCode: 450, message: '4.7.1 Too many messages from your address; try again later.' };
      }
      return undefined;
    },
    /** DATA: takes a slot for the message until {@link endMessage}; a refusal when none is free. */
    startMessage(address: string): SmtpRefusal | undefined {
      if (messagesInProgress >= limits.maxMessagesInProgress) return busy();
      if (!inProgress.acquire(clientKey(address))) return busy();
      messagesInProgress += 1;
      return undefined;
    },
    /** Gives back the slot {@link startMessage} took. */
    endMessage(address: string): void {
      messagesInProgress -= 1;
      inProgress.release(clientKey(address));
    },
  };
}
