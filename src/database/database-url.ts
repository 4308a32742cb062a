/** Nest token of the provisioned database's URL (for the few sessions opened beside the pool). */
export const DATABASE_URL = Symbol('DATABASE_URL');
