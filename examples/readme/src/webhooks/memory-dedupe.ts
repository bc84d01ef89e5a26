import { MemoryDedupeStore } from '@prospectkit/webhooks';
const dedupe = new MemoryDedupeStore({ maxEntries: 50_000 }); // bounded, on lru-cache
