import type { OperationId } from '@prospectkit/core';
import { createProspect } from './create-prospect.js';
import { getProspect } from './get-prospect.js';
import { listProspects } from './list-prospects.js';
import type { Operation } from './operation.js';
import { recordOutcome } from './record-outcome.js';
import { updateProspect } from './update-prospect.js';

export type { Operation } from './operation.js';

/** The mock's implementation of every operation of the contract. */
export const OPERATIONS: Record<OperationId, Operation> = {
  listProspects,
  createProspect,
  getProspect,
  updateProspect,
  recordOutcome,
};
