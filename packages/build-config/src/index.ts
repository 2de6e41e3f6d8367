export { defineHost, defineRemote, type HostOptions, type RemoteOptions } from "./app-config";
export { catalogVersion, parseCatalog, readCatalog, workspaceRoot } from "./catalog";
export { DEV_BUILDS_PATH, pluginDevBuilds } from "./dev-builds";
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
export {
  appTheme,
  type CardRoute,
  type CardTheme,
  cardAlt,
  cardFacts,
  parseTheme,
  renderShareCards,
  routeCards,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  SHARE_CARDS_FILE,
  type ShareCard,
  type ShareCards,
  type ShareCardsManifest,
  writeShareCards,
} from "./share-cards";
export { type SharedObject, type SharedSingleton, sharedModules, uiSubpaths } from "./shared";
