#!/usr/bin/env bash
# Builds corvid's release binaries: static (CGO_ENABLED=0), reproducible
# (-trimpath, no build ID, no VCS stamp that depends on the checkout; the
# same commit gives the same bytes), stripped (-s -w), with the commit
# stamped into internal/version. Writes dist/corvid-<os>-<arch>[.exe],
# dist/corvid-tui-<os>-<arch>[.exe] (the interactive interface, which corvid
# starts from its own directory or PATH: install the two side by side as
# corvid and corvid-tui) and dist/SHA256SUMS.
#
#   scripts/release.sh                   # all five targets
#   scripts/release.sh linux/amd64 ...   # only these
#   DIST=/dev/null scripts/release.sh    # CI: check that they compile, keep nothing
set -euo pipefail
cd "$(dirname "$0")/.."

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64)
dist=${DIST:-dist}
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit+dirty"; fi
ldflags="-s -w -buildid= -X corvid/internal/version.Commit=$commit"

if [ "$dist" != /dev/null ]; then rm -rf "$dist"; mkdir -p "$dist"; fi
for t in "${targets[@]}"; do
  goos=${t%/*}; goarch=${t#*/}
  echo "== $t"
  for prog in corvid corvid-tui; do
    out="$dist/$prog-$goos-$goarch"; [ "$goos" = windows ] && out="$out.exe"
    [ "$dist" = /dev/null ] && out=/dev/null
    CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch GOFLAGS=-buildvcs=false \
      go build -trimpath -ldflags="$ldflags" -o "$out" "./cmd/$prog"
  done
done
if [ "$dist" != /dev/null ]; then
  (cd "$dist" && sha256sum corvid-* > SHA256SUMS && cat SHA256SUMS)
fi
