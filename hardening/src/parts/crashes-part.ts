import type { PartEnvironment } from './part.js';

export async function crashesPart(_env: PartEnvironment): Promise<void> {}
