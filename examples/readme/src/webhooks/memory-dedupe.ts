import { MemoryDedupeStore } from '@prospectkit/webhooks';
const dedupe = new MemoryDedupeStore({ maxEntries: 10_000 }); // bounded, on lru-cache
