import { handleWebhook } from '@prospectkit/webhooks/fetch';
export const POST = (request: Request) =>
  handleWebhook(request, {
    secret: process.env.PROSPECTKIT_WEBHOOK_SECRET!,
    handlers: { 'meeting.booked': async (event) => console.log(event.data.meeting_at) },
  });
