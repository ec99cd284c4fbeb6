// What package:check (build/package-check.mjs) asks of the files in a package, as functions of
// the package's listing: which files are unpacked from the asar, and which ship at all.
import { NODE_BUNDLES } from './dist-bundles.mjs';

/**
 * Names an unpacked bundle mentions that it never reads in a package, with the reason.
 * main.js: the launcher starts Electron on it in a checkout; a package's Electron loads
 * app.asar by itself.
 */
const NOT_READ_WHEN_PACKAGED = { 'main.js': 'the launcher starts it only in a checkout' };

/**
 * The dist/ entries (top-level names, e.g. "shell-integration", "subcommands.js") an unpacked
 * bundle reads beside itself: the ones its code names as a string literal. esbuild keeps such
 * names as they are (`path.join(__dirname, "subcommands.js")`), and a bundle names a sibling no
 * other way.
 */
export function siblingsRead(bundleText, distNames) {
  return distNames.filter(
    (name) => !Object.hasOwn(NOT_READ_WHEN_PACKAGED, name) && (bundleText.includes(`"${name}"`) || bundleText.includes(`'${name}'`)),
  );
}

/** The top-level names under dist/ in a listing of "/dist/..." paths. */
export function distNames(paths) {
  return [...new Set(paths.filter((entry) => entry.startsWith('/dist/')).map((entry) => entry.split('/')[2]))];
}

/**
 * Files an unpacked bundle reads beside itself that are not unpacked, as messages.
 * `unpacked(path)`: whether the asar marks that path ("/dist/x.js") unpacked; `text(path)`: an
 * unpacked bundle's source.
 */
export function siblingsLeftPacked(paths, unpacked, text) {
  const names = distNames(paths);
  const bundles = paths.filter((entry) => /^\/dist\/[^/]+\.js$/.test(entry) && unpacked(entry));
  const problems = [];
  for (const bundle of bundles) {
    for (const name of siblingsRead(text(bundle), names)) {
      const files = paths.filter((entry) => entry === `/dist/${name}` || entry.startsWith(`/dist/${name}/`));
      const packed = files.filter((entry) => !unpacked(entry) && !isDirectory(entry, paths));
      if (packed.length > 0)
        problems.push(
          `${bundle.slice(1)} reads ${name} beside itself, but ${packed.length === 1 ? packed[0].slice(1) : `${packed.length} of its files (${packed[0].slice(1)}, …)`} ${packed.length === 1 ? 'is' : 'are'} only in the asar`,
        );
    }
  }
  return problems;
}

function isDirectory(entry, paths) {
  return paths.some((other) => other.startsWith(`${entry}/`));
}

const PRODUCT_BUNDLE_NAMES = new Set(Object.keys(NODE_BUNDLES).flatMap((name) => [`${name}.js`, `${name}.js.map`]));

/** Scripts in the package's dist/ that `npm run build` does not make: test bundles (harness*.js, e2e/measure-*.js, …). */
export function testBundles(paths) {
  return paths.filter((entry) => {
    if (!entry.startsWith('/dist/') || entry.startsWith('/dist/renderer/') || entry.startsWith('/dist/shell-integration/')) return false;
    if (!/\.js(\.map)?$/.test(entry)) return false;
    return entry.split('/').length !== 3 || !PRODUCT_BUNDLE_NAMES.has(entry.split('/')[2]);
  });
}
