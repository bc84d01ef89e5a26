import { CONTRACT_OPERATIONS, findOperation, type OperationId } from '@prospectkit/core';
import { ProspectKitMockError } from './mock-error.js';

/**
 * A failure to inject into the next request of an operation: `500` (Server Error), `429` (Too Many Attempts,
 * `Retry-After` until the rate-limit window ends), `{ status: 429, retryAfterSeconds }` (a chosen
 * `Retry-After`), `'network-error'` (the fetch rejects), or `{ delayMs }` (answers normally, that much later).
 */
export type MockFault =
  | 500
  | 429
  | 'network-error'
  | {
      /** How long to hold the normal answer back, in milliseconds (0 or more). */
      delayMs: number;
    }
  | {
      /** Always 429. */
      status: 429;
      /** The `Retry-After` to answer with, in whole seconds (0 or more). */
      retryAfterSeconds: number;
    };

function checkFault(fault: MockFault): void {
  const valid =
    fault === 500 ||
    fault === 429 ||
    fault === 'network-error' ||
    (typeof fault === 'object' &&
      fault !== null &&
      (('delayMs' in fault && Number.isFinite(fault.delayMs) && fault.delayMs >= 0) ||
        ('status' in fault &&
          fault.status === 429 &&
          Number.isInteger(fault.retryAfterSeconds) &&
          fault.retryAfterSeconds >= 0)));
  if (!valid) {
    throw new ProspectKitMockError(
      'invalid_fault',
      `Failed to inject ${JSON.stringify(fault)}: use 500, 429, 'network-error', { delayMs: >= 0 } or { status: 429, retryAfterSeconds: >= 0 }.`,
    );
  }
}

/** Faults waiting for their operation's next requests, first in first out. */
export function createFaultQueue() {
  const queues = new Map<OperationId, MockFault[]>();
  return {
    push(operationId: OperationId, fault: MockFault): void {
      if (!findOperation(operationId)) {
        throw new ProspectKitMockError(
          'unknown_operation',
          `Failed to inject a fault: ${JSON.stringify(operationId)} is not an operationId of the contract. Please use one of ${CONTRACT_OPERATIONS.map((o) => o.operationId).join(', ')}.`,
        );
      }
      checkFault(fault);
      queues.set(operationId, [...(queues.get(operationId) ?? []), fault]);
    },
    /** Takes the next fault of an operation, if any. */
    take(operationId: OperationId): MockFault | undefined {
      return queues.get(operationId)?.shift();
    },
    clear(): void {
      queues.clear();
    },
  };
}

export type FaultQueue = ReturnType<typeof createFaultQueue>;
