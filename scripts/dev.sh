#!/usr/bin/env bash
# `make dev`: the gateway on :8080 plus every app's dev server with hot reload.
# The gateway tells the shell (through /mf/remotes.json) to load each remote from its
# dev server, so editing a remote hot-reloads it inside the shell without a rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."

export PORTFOLIO_DEV=true
export PORTFOLIO_REMOTE_BLOG_URL=http://127.0.0.1:3001/mf-manifest.json
export PORTFOLIO_REMOTE_NEWSLETTER_URL=http://127.0.0.1:3002/mf-manifest.json
export PORTFOLIO_REMOTE_ADMIN_URL=http://127.0.0.1:3003/mf-manifest.json

./bin/gateway &
gateway=$!
trap 'kill "$gateway" 2>/dev/null || true' EXIT INT TERM

echo "site with hot reload: http://127.0.0.1:3000 (API and remotes.json proxied to the gateway on :8080)"
.tools/pnpm/node_modules/.bin/pnpm exec turbo run dev --parallel --filter='./apps/*'
