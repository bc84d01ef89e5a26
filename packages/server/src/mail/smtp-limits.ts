/** What the SMTP listener takes from the outside, at most (`PROSPECTKIT_SMTP_*`; README, "Configuration"). */
export interface SmtpLimits {
  /** `PROSPECTKIT_SMTP_MAX_CONNECTIONS`: open connections in all. Default 100. */
  maxConnections: number;
  /** `PROSPECTKIT_SMTP_MAX_CONNECTIONS_PER_ADDRESS`: open connections per client address (IPv6: per /64). Default 10. */
  maxConnectionsPerAddress: number;
  /** `PROSPECTKIT_SMTP_CONNECTIONS_PER_MINUTE`: new connections per client address a minute. Default 60. */
  connectionsPerMinute: number;
  /** `PROSPECTKIT_SMTP_MESSAGES_PER_MINUTE`: messages (MAIL FROM) per client address a minute. Default 30. */
  messagesPerMinute: number;
  /** `PROSPECTKIT_SMTP_MAX_RECIPIENTS`: recipients (RCPT TO) of one message. Default 50. */
  maxRecipients: number;
  /** `PROSPECTKIT_SMTP_MAX_MESSAGES_IN_PROGRESS`: messages being received, parsed or stored at once, in all. Default 8. */
  maxMessagesInProgress: number;
  /** `PROSPECTKIT_SMTP_MAX_MESSAGES_IN_PROGRESS_PER_ADDRESS`: the same, per client address. Default 2. */
  maxMessagesInProgressPerAddress: number;
}

/**
 * The defaults: a busy sender's real traffic fits (providers open a few connections and send tens of messages a
 * minute), a flood does not. 50 recipients is what large providers accept per message; RFC 5321 section 4.5.3.1.8
 * asks a server to take at least 100 only when it relays, which this one never does.
 */
export const DEFAULT_SMTP_LIMITS: Readonly<SmtpLimits> = {
  maxConnections: 100,
  maxConnectionsPerAddress: 10,
  connectionsPerMinute: 60,
  messagesPerMinute: 30,
  maxRecipients: 50,
  maxMessagesInProgress: 8,
  maxMessagesInProgressPerAddress: 2,
};
