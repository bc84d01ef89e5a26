import type { PartEnvironment } from './part.js';

export async function prismPart(_env: PartEnvironment): Promise<void> {}
