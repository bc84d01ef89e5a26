import packageJson from '../../package.json' with { type: 'json' };

/**
 * The `User-Agent` of every delivery attempt, `ProspectKit-Webhooks/<version>`, so that receivers can tell the
 * sender and its version in their logs and firewalls.
 */
export const WEBHOOK_USER_AGENT = `ProspectKit-Webhooks/${packageJson.version}`;
