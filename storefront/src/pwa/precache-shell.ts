import type { Plugin, Rollup } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Workbox's manifest transform, as vite-plugin-pwa's injectManifest takes it. */
type ManifestTransform = NonNullable<VitePWAOptions['injectManifest']['manifestTransforms']>[number];

/*
 * Which build files the service worker precaches (downloads on install): the app shell a buyer needs to browse
 * offline, not every page of the storefront. Worked out from the build's own chunk graph, so a chunk split or
 * renamed by the bundler is still found; the other chunks are kept at run time once loaded (cache-rules.ts).
 */

/** The lazily loaded modules of the pages a buyer browses offline, and both languages' catalogues. */
const OFFLINE_PAGES = [
  /\/src\/products\/product\.page\.tsx$/,
  /\/src\/cart\/cart\.page\.tsx$/,
  /virtual:catalogue\/(en|hi)-(start|rest)$/,
];

/** The build's chunks and stylesheets a chunk needs to run: its static imports, all the way down, and their CSS. */
function withStaticImports(bundle: Rollup.OutputBundle, roots: Rollup.OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  roots.forEach(visit);
  return files;
}

/**
 * A Vite plugin that notes the shell's files as the client build writes them, and the Workbox manifest transform
 * (for vite-plugin-pwa's injectManifest) that keeps only those of the build's chunks and stylesheets; the HTML, the
 * icons, the logo and the web app manifest stay. Returns both, sharing what the plugin noted.
 */
export function precacheShell(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let shell: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'mandi-precache-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
      const roots = chunks.filter(
        (chunk) =>
          chunk.isEntry ||
          (chunk.isDynamicEntry && OFFLINE_PAGES.some((page) => page.test(chunk.facadeModuleId ?? ''))),
      );
      const missing = OFFLINE_PAGES.filter((page) => !roots.some((chunk) => page.test(chunk.facadeModuleId ?? '')));
      if (missing.length > 0) this.error(`precache-shell: no chunk for ${missing.join(', ')} (was the page moved?)`);
      shell = withStaticImports(bundle, roots);
    },
  };
  const manifestTransform: ManifestTransform = async (entries) => {
    if (!shell) throw new Error('precache-shell: the client build wrote no chunks');
    const kept = shell;
    const manifest = entries.filter((entry) => !/^assets\//.test(entry.url) || kept.has(entry.url));
    return { manifest, warnings: [] };
  };
  return { plugin, manifestTransform };
}
