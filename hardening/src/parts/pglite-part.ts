import type { PartEnvironment } from './part.js';

export async function pglitePart(_env: PartEnvironment): Promise<void> {}
