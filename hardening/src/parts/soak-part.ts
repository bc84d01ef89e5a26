import type { PartEnvironment } from './part.js';

export async function soakPart(_env: PartEnvironment): Promise<void> {}
