// A Cloudflare Worker receiving ProspectKit webhooks, as a user would write it: the fetch handler, verifying with
// the Web Crypto provider (workerd has no node:crypto without the nodejs_compat flag, and none is set here).
import { createWebCryptoProvider } from '@prospectkit/webhooks';
import { handleWebhook } from '@prospectkit/webhooks/fetch';

const cryptoProvider = createWebCryptoProvider();

export default {
  async fetch(request, env) {
    return handleWebhook(request, {
      secret: env.PROSPECTKIT_WEBHOOK_SECRET,
      cryptoProvider,
      handlers: { 'prospect.created': async () => {} },
    });
  },
};
