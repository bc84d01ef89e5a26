import type { PartEnvironment } from './part.js';

export async function instancesPart(_env: PartEnvironment): Promise<void> {}
