import { NODE_MAJOR, unsupportedNode } from './node-version.mjs';

describe('unsupportedNode', () => {
  it('takes Node 24 and later', () => {
    expect(unsupportedNode('24.22.3')).toBeNull();
    expect(unsupportedNode('25.1.0')).toBeNull();
  });

  it('refuses an older Node, naming the version and how to get Node 24', () => {
    const problem = unsupportedNode('20.20.2');
    expect(problem).toContain('Node 20.20.2');
    expect(problem).toContain(`Node ${NODE_MAJOR} LTS`);
    expect(problem).toContain('npm ci');
  });
});

describe('the pinned runtime', () => {
  it('is the Node every npm script runs on', () => {
    // jest itself runs through `npm run test:unit`, so it is on the pinned Node.
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(NODE_MAJOR);
  });
});
