/** Style sheets imported for their side effect: esbuild bundles them into the page's CSS file. */
declare module "*.css";
