#!/usr/bin/env bash
# `make dev`: the gateway plus every app's dev server: the shell on :3000, the blog,
# newsletter and admin remotes on :3001-:3003. The gateway tells the shell (through
# /mf/remotes.json) to load each remote from its dev server. An edit to a remote
# rebuilds it on its dev server, and every shell page that loaded it reloads itself
# (@portfolio/build-config's dev reload: the shell has no Module Federation plugin, so
# the federation dev tooling's hot replacement does not reach it).
# The gateway listens on PORTFOLIO_HTTP_ADDR (127.0.0.1:8080 unless set), its admin
# origin on PORTFOLIO_ADMIN_ADDR (127.0.0.1:8081); the shell's dev server forwards /api
# and /mf to the first, /api/admin to the second. e2e/tests/dev-loop.test.mjs runs this
# script.
set -euo pipefail
cd "$(dirname "$0")/.."

# turbo finds pnpm (and pnpm the pinned Node) through PATH, as under make.
export PATH="$PWD/.tools/pnpm/node_modules/.bin:$PATH"
export PORTFOLIO_DEV=true
export PORTFOLIO_HTTP_ADDR="${PORTFOLIO_HTTP_ADDR:-127.0.0.1:8080}"
export PORTFOLIO_GATEWAY_URL="http://$PORTFOLIO_HTTP_ADDR"
export PORTFOLIO_ADMIN_ADDR="${PORTFOLIO_ADMIN_ADDR:-127.0.0.1:8081}"
export PORTFOLIO_ADMIN_GATEWAY_URL="http://$PORTFOLIO_ADMIN_ADDR"
export PORTFOLIO_REMOTE_BLOG_URL=http://127.0.0.1:3001/mf-manifest.json
export PORTFOLIO_REMOTE_NEWSLETTER_URL=http://127.0.0.1:3002/mf-manifest.json
export PORTFOLIO_REMOTE_ADMIN_URL=http://127.0.0.1:3003/mf-manifest.json

./bin/gateway &
gateway=$!
trap 'kill "$gateway" 2>/dev/null || true' EXIT INT TERM

echo "site with hot reload: http://127.0.0.1:3000 (API and remotes.json proxied to the gateway on $PORTFOLIO_HTTP_ADDR, the admin API on $PORTFOLIO_ADMIN_ADDR)"
pnpm exec turbo run dev --parallel --filter='./apps/*'
