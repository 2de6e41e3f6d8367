export { defineHost, defineRemote, type HostOptions, type RemoteOptions } from "./app-config";
export { catalogVersion, parseCatalog, readCatalog, workspaceRoot } from "./catalog";
export {
  type PrecompressOptions,
  pluginPrecompress,
  precompressDir,
  precompressFile,
} from "./precompress";
export {
  definePrerender,
  incompletePage,
  type PrerenderedPage,
  type PrerenderModule,
  prerenderFileName,
  writePages,
} from "./prerender";
export { type SharedObject, type SharedSingleton, sharedModules, uiSubpaths } from "./shared";
