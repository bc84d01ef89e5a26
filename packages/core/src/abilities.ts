/** The abilities a token can hold, each named by the operations' `security`. @see openapi.yaml `components.securitySchemes.bearerAuth` */
export const ABILITIES = ['prospects:read', 'prospects:write', 'outcomes:write'] as const;
/** One ability, e.g. `'prospects:write'`. */
export type Ability = (typeof ABILITIES)[number];
