import type { Operation } from './operation.js';

/** `GET /prospects/{id}`. @see operationId `getProspect` */
export const getProspect: Operation = ({ ctx, prospectId }) => ({
  status: 200,
  body: ctx.db.prospects.get(prospectId),
});
