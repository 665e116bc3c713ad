// The public surface of @mandi/ondc: how Mandi talks to the ONDC network (docs/ondc.md). Node only.

export * from './signing.js';
export * from './registry.js';
export * from './document-links.js';
