#!/usr/bin/env bash
# Builds JS packages with turbo so that each dist/ holds exactly what its inputs make.
# turbo restores a cached build on top of the dist/ already there and never deletes a
# file (turborepo issue 10951): an article deleted since would keep its page. So the
# dist/ of every package about to be built is cleared first; a cache hit then restores
# it whole, in well under a second.
#
#   scripts/build-js.sh                      every package
#   scripts/build-js.sh apps/blog content    those (and turbo builds what they depend on)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
	set -- apps/* packages/* content
	filters=()
else
	filters=()
	for dir in "$@"; do filters+=("--filter=./$dir"); done
fi
for dir in "$@"; do rm -rf "${dir:?}/dist"; done
exec pnpm exec turbo run build "${filters[@]}"
