// openapi-typescript drives TypeScript's compiler API, which TypeScript 7 (the native
// compiler, the catalog's) does not have: it gets the last TypeScript that has one, as
// a dependency of its own rather than the workspace's peer. It only prints
// @portfolio/api-client's types (docs/decisions/0064); every package is still checked
// by the catalog's TypeScript.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === "openapi-typescript") {
        delete pkg.peerDependencies?.typescript;
        pkg.dependencies = { ...pkg.dependencies, typescript: "5.9.3" };
      }
      return pkg;
    },
  },
};
