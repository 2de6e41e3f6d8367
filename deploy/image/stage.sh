#!/usr/bin/env bash
# Stages the image's build context in DIR from what `make build` produced: the static
# gateway, every app's dist, the CA bundle and the app user's passwd/group entries.
#   deploy/image/stage.sh build/image
set -euo pipefail
dir=${1:?usage: stage.sh DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
ca=/etc/ssl/certs/ca-certificates.crt

file "$root/bin/gateway" | grep -q 'statically linked' || { echo "stage: bin/gateway is not static (make bin/gateway builds with CGO_ENABLED=0)" >&2; exit 1; }
[ -f "$root/apps/shell/dist/index.html" ] || { echo "stage: apps are not built (make build)" >&2; exit 1; }
[ -f "$ca" ] || { echo "stage: $ca missing (Debian's ca-certificates)" >&2; exit 1; }

rm -rf "$dir"
mkdir -p "$dir/etc/ssl/certs" "$dir/data" "$dir/tmp" "$dir/app/apps"
cp "$root/bin/gateway" "$dir/app/gateway"
for dist in "$root"/apps/*/dist; do
	app=$(basename "$(dirname "$dist")")
	mkdir -p "$dir/app/apps/$app"
	cp -r "$dist" "$dir/app/apps/$app/dist"
done
cp "$ca" "$dir/etc/ssl/certs/ca-certificates.crt"
printf 'root:x:0:0:root:/:/sbin/nologin\nportfolio:x:65532:65532:portfolio:/data:/sbin/nologin\n' >"$dir/etc/passwd"
printf 'root:x:0:\nportfolio:x:65532:\n' >"$dir/etc/group"
chmod 1777 "$dir/tmp"
touch "$dir/data/.keep" "$dir/tmp/.keep" # some builders drop empty directories
