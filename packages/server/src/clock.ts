// The one time source of every published package, defined in core: docs/architecture.md, "One convention for now".
export { type Clock, systemClock } from '@prospectkit/core';
