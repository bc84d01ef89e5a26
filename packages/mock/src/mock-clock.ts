import type { Clock } from '@prospectkit/core';

/**
 * The mock's former name for {@link Clock}, the `{ now(): Date }` every ProspectKit package takes as `clock`.
 *
 * @deprecated use `Clock`, the same shape under the name the server and the webhooks package use too.
 */
export type MockClock = Clock;
