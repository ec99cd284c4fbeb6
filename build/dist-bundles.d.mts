// Types of dist-bundles.mjs, for the tests that read its lists.
/** The Node and Electron bundles `npm run build` makes: name in dist/ → entry. */
export declare const NODE_BUNDLES: Readonly<Record<string, string>>;
/** What ships of dist/ (globs). */
export declare const SHIPPED_DIST: readonly string[];
