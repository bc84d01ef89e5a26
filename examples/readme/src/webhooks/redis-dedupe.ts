import { createClient } from 'redis';
import { RedisDedupeStore } from '@prospectkit/webhooks/redis';
const dedupe = new RedisDedupeStore({ client: await createClient({ url: process.env.REDIS_URL }).connect() });
// keys: 'prospectkit:webhook-dedupe:<event id>' (option keyPrefix)
