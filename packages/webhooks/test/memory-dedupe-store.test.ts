import { describe } from 'vitest';
import { MemoryDedupeStore } from '../src/index.js';
import { dedupeStoreContract } from './dedupe-store-contract.js';

describe('MemoryDedupeStore', () => {
  const store = new MemoryDedupeStore();
  dedupeStoreContract(() => [store, store]);
});
