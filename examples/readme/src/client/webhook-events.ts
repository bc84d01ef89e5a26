import type { WebhookEvent } from '@prospectkit/client';

export function handle(event: WebhookEvent) {
  switch (event.event) {
    case 'prospect.created':
      return console.log(event.data.company);
    case 'opportunity.won':
      return console.log(event.data.value_minor, event.data.currency);
  }
}
