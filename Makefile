# Entry points for people and CI. Everything a fresh machine of this kind lacks is
# installed here: pinned pnpm (it brings the pinned Node 22 from the registry),
# JS packages, Go modules, and Debian's Chromium for the browser suites.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PNPM_VERSION := 12.21.0
TOOLS        := $(CURDIR)/.tools
PNPM         := $(TOOLS)/pnpm/node_modules/.bin/pnpm
TURBO        := $(PNPM) exec turbo
CHROMIUM     := /usr/bin/chromium
GATEWAY      := bin/gateway
GO_SOURCES   := $(shell find services content -name '*.go' -o -name '*.sql' -o -name '*.json' -o -name '*.md' -o -name 'go.mod' 2>/dev/null | grep -v node_modules)

# turbo finds pnpm (and pnpm finds the pinned Node) through PATH.
export PATH := $(TOOLS)/pnpm/node_modules/.bin:$(PATH)
export TURBO_TELEMETRY_DISABLED := 1
export CHROME_PATH := $(CHROMIUM)

.PHONY: help install build run dev release test test-go test-js test-e2e bench bench-load clean lint lint-go lint-js lint-actions fmt image test-image test-deploy bench-backup bench-releases bench-replica

help:
	@echo "make run    install what is missing, build everything, serve http://127.0.0.1:8080"
	@echo "make test   lint and format checks (Go, TS, workflows), Go vet + tests (-race, SQLite and PostgreSQL), every package's typecheck and Vitest suite, the browser end-to-end suite, the image and the deploy manifests"
	@echo "make build  build every package and bin/gateway"
	@echo "make dev    gateway + every app's dev server on :3000 (the shell hot-reloads; an edit to a section reloads the page)"
	@echo "make release SECTION=blog   pack a section's release artifact, the shell's too (prints its path last)"
	@echo "make bench  first-load JS/CSS per route; phone tap times and JS run in the first 5 s; Lighthouse (median of 3) per route and its no-JS copy; backup and restore of 100,000 subscribers; a file of an older release (1.2 MB, 64 MiB); replication's restore time and object-store requests per hour"
	@echo "make image  OCI image of the site ($(IMAGE_TAR), for docker/podman load)"

$(PNPM):
	npm install --prefix $(TOOLS)/pnpm --no-audit --no-fund --loglevel=error pnpm@$(PNPM_VERSION)

node_modules/.modules.yaml: $(PNPM) pnpm-lock.yaml package.json pnpm-workspace.yaml $(wildcard */*/package.json content/package.json e2e/package.json)
	$(PNPM) install --frozen-lockfile
	@touch $@

$(CHROMIUM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null

# dkimpy, the second DKIM verifier of services/mail/dkim's tests (Debian's python3-dkim;
# they verify with go-msgauth alone without it).
DKIMPY       := /usr/lib/python3/dist-packages/dkim/__init__.py
$(DKIMPY):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-dkim >/dev/null

# Go modules need no step of their own: `go build` and `go test` fetch what go.work's
# modules require from the module proxy.
install: node_modules/.modules.yaml

build: install
	./scripts/build-js.sh
	$(MAKE) $(GATEWAY)

# Static (CGO_ENABLED=0: the SQLite driver is pure Go) so the same binary runs in the
# FROM-scratch image; version and commit stamped for `gateway version` and /healthz.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT  ?= $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
VERSION_PKG := github.com/portfolio-site/portfolio/services/gateway/internal/version
$(GATEWAY): $(GO_SOURCES) go.work
	CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X $(VERSION_PKG).Version=$(VERSION) -X $(VERSION_PKG).Commit=$(COMMIT)" -o $(GATEWAY) ./services/gateway/cmd/gateway

run: build
	./$(GATEWAY)

# A section's release (docs/decisions/0035-section-releases.md; the shell's too,
# docs/decisions/0060-the-shell-as-a-section.md): its build and its part of content/, packed into one artifact whose path is the last line printed. Publish it
# to a site with `bin/gateway sections publish <artifact>` and the site's PORTFOLIO_* settings.
# SIGNING_KEY=<private key> also signs it (docs/decisions/0048-signed-releases.md): its
# release.json, by ssh-keygen -Y sign, into <artifact>.sig, which publish sends along.
# The sections released on their own, from content/sections.json (docs/decisions/0065):
# joined by bars, a shell case pattern. Recursive (=): read by `make release` alone.
RELEASED = $(shell node -p 'require("./content/sections.json").sections.filter((s) => s.released).map((s) => s.name).join("|")')
release: install | $(GATEWAY)
	@case "$(SECTION)" in $(RELEASED)) ;; *) echo "usage: make release SECTION=$(RELEASED)" >&2; exit 2;; esac
	./scripts/build-js.sh apps/$(SECTION) content >&2
	@set -eo pipefail; \
	artifact=$$(./$(GATEWAY) sections pack $(SECTION) --content content --commit $(COMMIT) $(if $(shell git status --porcelain),--dirty) | tail -n 1); \
	if [ -n "$(SIGNING_KEY)" ]; then \
	  tar -xzOf "$$artifact" release.json | ssh-keygen -q -Y sign -f "$(SIGNING_KEY)" -n portfolio-release >"$$artifact.sig"; \
	  echo "signed: $$artifact.sig" >&2; \
	fi; \
	echo "$$artifact"

dev: install $(GATEWAY)
	./scripts/dev.sh

test: lint test-go test-js test-e2e test-image test-deploy

# The store suites run on SQLite and, inside a throwaway server, on PostgreSQL.
test-go: $(DKIMPY)
	go vet work
	./scripts/with-postgres.sh go test -race -count=1 work

# The builds the suites depend on come from build-js.sh, so no stale output of an
# earlier build (a deleted article) is tested.
test-js: install
	./scripts/build-js.sh
	$(TURBO) run typecheck test

# Under a throwaway PostgreSQL too: tests/section-release.test.mjs runs its replicas on
# it (PORTFOLIO_TEST_DATABASE_URL); every other test and gateway stays on SQLite.
test-e2e: build $(CHROMIUM)
	./scripts/with-postgres.sh $(PNPM) --filter @portfolio/e2e run e2e

# Lint and format checks: golangci-lint (pinned in tools/go.mod, built once into .tools)
# over every Go module, Biome (pinned in the catalog) over every JS package via turbo,
# actionlint (pinned in tools/actionlint/go.mod) over the GitHub Actions workflows.
GOLANGCI_LINT := $(TOOLS)/bin/golangci-lint
ACTIONLINT    := $(TOOLS)/bin/actionlint
SHELLCHECK    := /usr/bin/shellcheck
GO_MODULES    := services/gateway services/mail services/newsletter services/sqldb services/apperr content deploy

$(GOLANGCI_LINT): tools/go.mod tools/go.sum
	cd tools && GOWORK=off go build -o $(GOLANGCI_LINT) github.com/golangci/golangci-lint/v2/cmd/golangci-lint

$(ACTIONLINT): tools/actionlint/go.mod tools/actionlint/go.sum
	cd tools/actionlint && GOWORK=off go build -o $(ACTIONLINT) github.com/rhysd/actionlint/cmd/actionlint

$(SHELLCHECK):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq shellcheck >/dev/null

lint: lint-go lint-js lint-actions

lint-go: $(GOLANGCI_LINT)
	for m in $(GO_MODULES); do (cd $$m && $(GOLANGCI_LINT) run ./...); done

lint-js: install
	$(TURBO) run lint

# Workflow syntax, expressions, action inputs, and every run: script through Debian's
# shellcheck, named here so that a missing shellcheck fails instead of being skipped.
lint-actions: $(ACTIONLINT) $(SHELLCHECK)
	$(ACTIONLINT) -shellcheck=$(SHELLCHECK) .github/workflows/*.yml

# Rewrites Go and TS sources into the checked format.
fmt: $(GOLANGCI_LINT) install
	for m in $(GO_MODULES); do (cd $$m && $(GOLANGCI_LINT) fmt ./...); done
	$(PNPM) exec biome check --write .

bench: build $(CHROMIUM) bench-load bench-backup bench-releases bench-replica
	$(PNPM) --filter @portfolio/e2e run bench

# The write path under load, page p99 with the analytics off and on, and the fault
# scenarios, on SQLite and (in a throwaway server) PostgreSQL, against bin/gateway:
# req/s, latencies, errors, lost, duplicated.
bench-load: $(GATEWAY)
	./scripts/with-postgres.sh go run ./services/gateway/cmd/loadtest -gateway $(GATEWAY)

# `gateway backup` and `gateway restore` of a site with 100,000 subscribers (SQLite).
bench-backup:
	go test -run '^$$' -bench BackupRestore -benchtime 3x -v ./services/gateway/cmd/gateway

# A request for a small file of an older release, not in memory (decision 0049), of a
# 1.2 MB and a 64 MiB release, on SQLite and (in a throwaway server) PostgreSQL: bytes
# and allocations, bytes read from the store, artifacts read whole, per request.
bench-releases:
	./scripts/with-postgres.sh go test -run '^$$' -bench ColdFileOfAnOlderRelease -benchtime 100x ./services/gateway/cmd/gateway

# Continuous replication (docs/decisions/0053): `gateway restore --from-replica` of
# 100,000 subscribers from a file replica and from versitygw, and the requests sent to
# the object store per hour, idle and at 10 and 100 writes a second (about 7 minutes).
bench-replica:
	go test -run '^$$' -bench 'ReplicaRestore|ReplicaRequests' -benchtime 1x -timeout 30m -v ./services/gateway/cmd/gateway

# Every go test -fuzz target, FUZZTIME (60 s) each, one at a time: go test -fuzz takes
# one package and one target per run. Their seed corpora run in make test already; what
# a run finds is kept under the package's testdata/fuzz/ and then runs there too.
FUZZTIME ?= 60s
FUZZ_TARGETS := \
	services/gateway/internal/server:FuzzJSONBodies \
	services/gateway/internal/server:FuzzNewsletterFormPost \
	services/gateway/internal/server:FuzzSessionCookie \
	services/gateway/internal/server:FuzzClientIP \
	services/gateway/internal/admin:FuzzDeviceCookie \
	services/newsletter:FuzzConfirmToken \
	services/newsletter:FuzzUnsubscribeToken \
	content:FuzzMarkdownFrontMatter

.PHONY: fuzz
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "== $${t##*:} ($${t%%:*}, $(FUZZTIME))"; \
		(cd "$${t%%:*}" && go test -run '^$$' -fuzz "^$${t##*:}$$" -fuzztime $(FUZZTIME) .) || exit 1; \
	done

clean:
	rm -rf bin data/tmp .turbo apps/*/dist

# The container image, FROM scratch out of `make build`'s output (deploy/image/), built
# with Debian's podman and saved as a docker-archive that docker load and podman load
# accept. test-image runs it from its unpacked layers with chroot (no runtime works here).
IMAGE     ?= portfolio
IMAGE_TAR := build/portfolio-image.tar
PODMAN    := /usr/bin/podman
$(PODMAN):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman >/dev/null

image: build $(PODMAN)
	$(MAKE) -B $(GATEWAY) VERSION=$(VERSION) COMMIT=$(COMMIT) # stamped as the labels are
	deploy/image/stage.sh build/image
	podman build -q --format docker -f deploy/image/Containerfile \
		--build-arg VERSION=$(VERSION) --build-arg REVISION=$(COMMIT) -t $(IMAGE):$(VERSION) build/image
	rm -f $(IMAGE_TAR)
	podman save -q --format docker-archive -o $(IMAGE_TAR) $(IMAGE):$(VERSION)
	@ls -l $(IMAGE_TAR)

test-image: image
	cd deploy && PORTFOLIO_IMAGE_TAR=$(CURDIR)/$(IMAGE_TAR) go test -count=1 -v -run '^TestImage$$' .

# Compose, Kustomize and Prometheus files, checked by the real tools (from apt).
DEPLOY_TOOLS := /usr/bin/kubectl /usr/bin/docker-compose /usr/bin/promtool /usr/bin/caddy
$(DEPLOY_TOOLS):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kubectl docker-compose prometheus caddy >/dev/null

test-deploy: $(DEPLOY_TOOLS)
	cd deploy && PORTFOLIO_REQUIRE_TOOLS=1 go test -count=1 ./...
