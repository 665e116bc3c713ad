// What validate-flows.mjs sends ONDC's log-validation-utility for a flow folder: each file under its action's name,
// with the domain, version and ids the calls carry, as the validator's README lays its request out.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asOnNetwork, flowIdOf, networkOrigins, validationRequest } from './validate-flows.mjs';

describe('validate-flows.mjs', () => {
  it('keys each call by its file name and takes the ids from the calls', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ondc-flows-'));
    const dir = join(root, '4-mandi');
    mkdirSync(dir);
    const search = { context: { domain: 'ONDC:RET10', core_version: '1.2.0', bap_id: 'buyer.test' }, message: {} };
    const onSearch = { context: { ...search.context, bpp_id: 'seller.mandi.test' }, message: { catalog: {} } };
    writeFileSync(join(dir, 'search_full_catalog_refresh.json'), JSON.stringify(search));
    writeFileSync(join(dir, 'on_search_full_catalog_refresh.json'), JSON.stringify(onSearch));
    writeFileSync(join(dir, 'notes.txt'), 'not a call');
    expect(await validationRequest(dir, flowIdOf('4-mandi'))).toEqual({
      domain: 'ONDC:RET10',
      version: '1.2.0',
      bap_id: 'buyer.test',
      bpp_id: 'seller.mandi.test',
      flow: '4',
      payload: { search_full_catalog_refresh: search, on_search_full_catalog_refresh: onSearch },
    });
    mkdirSync(join(root, 'empty'));
    await expect(validationRequest(join(root, 'empty'), '2')).rejects.toThrow('has no calls');
    rmSync(root, { recursive: true, force: true });
  });

  it('can post the calls as they read on the network, the local origins made the participants’ own', () => {
    const search = {
      context: { bap_id: 'buyer.test', bap_uri: 'http://127.0.0.1:4100/bap' },
      message: {},
    };
    const onSearch = {
      context: { ...search.context, bpp_id: 'seller.mandi.test', bpp_uri: 'http://127.0.0.1:3000/ondc' },
      message: { catalog: { 'bpp/descriptor': { symbol: 'http://127.0.0.1:3000/logo.png' } } },
    };
    const origins = networkOrigins({ search, onSearch });
    expect(origins).toEqual({
      'http://127.0.0.1:4100': 'https://buyer.test',
      'http://127.0.0.1:3000': 'https://seller.mandi.test',
    });
    expect(asOnNetwork(onSearch, origins)).toEqual({
      context: {
        bap_id: 'buyer.test',
        bap_uri: 'https://buyer.test/bap',
        bpp_id: 'seller.mandi.test',
        bpp_uri: 'https://seller.mandi.test/ondc',
      },
      message: { catalog: { 'bpp/descriptor': { symbol: 'https://seller.mandi.test/logo.png' } } },
    });
    // Public URIs stay as they are.
    expect(networkOrigins({ a: { context: { bap_id: 'b.in', bap_uri: 'https://b.in/x' } } })).toEqual({});
  });

  it('checks a folder as the flow its name starts with', () => {
    expect(['1', '1-push', '2A', '4-mandi'].map(flowIdOf)).toEqual(['1', '1', '2A', '4']);
  });
});
