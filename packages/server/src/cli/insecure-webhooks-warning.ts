/** The stderr banner line of a process started with `PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1`. */
export function warnInsecureWebhooks(): void {
  console.error(
    '\n  WARNING: PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1 allows http and loopback webhook addresses. Development only.\n',
  );
}
