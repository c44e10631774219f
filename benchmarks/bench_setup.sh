#!/usr/bin/env bash
# Set-up time of a fresh clone: `make .venv/.installed` (everything `make test` does before
# its first test starts) in a new clone under /tmp, per installer and package cache.
#
#   benchmarks/bench_setup.sh [REF ...]    (default: HEAD; e.g. an older commit to compare)
#
# For each REF: with uv (the default) and with pip (RULEBOOKS_INSTALLER=pip), each with a warm
# cache (the machine's own, filled by an untimed run first) and a cold one (UV_NO_CACHE=1,
# PIP_NO_CACHE_DIR=1: every package downloaded). A REF without requirements.lock predates the
# uv set-up: it is timed once per cache, as it installs (pip). Prints seconds per run.
# Not a test: it downloads packages and takes minutes.
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
refs=("$@")
[ ${#refs[@]} -gt 0 ] || refs=(HEAD)
work=$(mktemp -d /tmp/bench-setup.XXXXXX)
trap 'rm -rf "$work"' EXIT

# One timed set-up: clone REF afresh, then `make .venv/.installed`; prints the seconds.
setup_seconds() {
  local ref=$1 dir
  shift
  dir=$(mktemp -d "$work/clone.XXXXXX")
  git clone --quiet --no-hardlinks "$repo" "$dir"
  git -C "$dir" checkout --quiet "$(git -C "$repo" rev-parse "$ref")"
  local start end
  start=$(date +%s.%N)
  env "$@" make -C "$dir" --no-print-directory .venv/.installed >"$dir.log" 2>&1 \
    || { echo "set-up failed, see $dir.log" >&2; tail -20 "$dir.log" >&2; exit 1; }
  end=$(date +%s.%N)
  rm -rf "$dir"
  echo "$start $end" | awk '{printf "%.1f", $2 - $1}'
}

printf '%-12s %-28s %-6s %8s\n' ref installer cache seconds
for ref in "${refs[@]}"; do
  short=$(git -C "$repo" rev-parse --short "$ref")
  if git -C "$repo" cat-file -e "$ref:requirements.lock" 2>/dev/null; then
    installers=("uv" "pip")
  else
    installers=("pip (before the lock)")
  fi
  for installer in "${installers[@]}"; do
    case $installer in
      uv) choose=(RULEBOOKS_INSTALLER=uv) ;;
      *) choose=(RULEBOOKS_INSTALLER=pip) ;;
    esac
    setup_seconds "$ref" "${choose[@]}" >/dev/null  # fills the machine's caches
    warm=$(setup_seconds "$ref" "${choose[@]}")
    printf '%-12s %-28s %-6s %8s\n' "$short" "$installer" warm "$warm"
    cold=$(setup_seconds "$ref" "${choose[@]}" UV_NO_CACHE=1 PIP_NO_CACHE_DIR=1)
    printf '%-12s %-28s %-6s %8s\n' "$short" "$installer" cold "$cold"
  done
done
