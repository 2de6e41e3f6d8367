export { defineHost, defineRemote, type HostOptions, type RemoteOptions } from "./app-config";
export { catalogVersion, parseCatalog, readCatalog, workspaceRoot } from "./catalog";
export { pluginPrecompress, precompressDir, precompressFile, type PrecompressOptions } from "./precompress";
export { sharedModules, uiSubpaths, type SharedObject, type SharedSingleton } from "./shared";
export { definePrerender, incompletePage, prerenderFileName, writePages, type PrerenderModule, type PrerenderedPage } from "./prerender";
