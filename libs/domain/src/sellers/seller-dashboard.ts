// The seller's dashboard (issue 16): its limits and texts.
export {};
