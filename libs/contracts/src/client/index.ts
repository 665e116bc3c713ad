// The typed client of the route registry: what the front ends import ('@mandi/contracts/client'), and nothing that
// brings zod along at run time (docs/frontends.md, "Calling the API").
export * from './api-client.js';
export * from './route-line.js';
export * from './route-lines.js';
