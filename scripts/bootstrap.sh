#!/usr/bin/env bash
# Creates .venv with Python 3.11+ and installs the project with everything it needs.
# Called by the Makefile; safe to rerun. On a fresh Debian machine without a suitable
# Python it installs one with apt-get (needs root, as on CI).
set -euo pipefail
venv=${1:-.venv}
python=${PYTHON:-python3}

suitable() { command -v "$1" >/dev/null 2>&1 && "$1" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; }

if [ ! -x "$venv/bin/python" ]; then
  if ! suitable "$python"; then
    echo "bootstrap: no Python 3.11+ with venv found as '$python'; installing Debian's" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq python3 python3-venv python3-pip >/dev/null
    python=python3
    suitable "$python" || { echo "bootstrap: Python 3.11+ is required" >&2; exit 1; }
  fi
  "$python" -m venv "$venv"
fi
# The dependencies come from requirements.lock (every version pinned and hashed, made from
# pyproject.toml by `make lock`), so a clone installs what passed when the lock was made;
# the project itself is then installed editable without resolving anything again. uv does
# it in seconds (the uv on PATH, or the pinned one installed into the venv from PyPI); pip
# does it when uv cannot be had, or when RULEBOOKS_INSTALLER=pip.
lock=requirements.lock
uv_version=0.13.9
uv=""
if [ "${RULEBOOKS_INSTALLER:-uv}" != pip ]; then
  if command -v uv >/dev/null 2>&1; then
    uv=$(command -v uv)
  elif [ -x "$venv/bin/uv" ] || "$venv/bin/python" -m pip install --quiet \
      --disable-pip-version-check "uv==$uv_version" >/dev/null 2>&1; then
    uv=$venv/bin/uv
  else
    echo "bootstrap: uv could not be installed; installing with pip (slower)" >&2
  fi
fi
# The example game (examples/pig) is a separate distribution, installed editable beside the
# project so that `make test` runs its scenarios and its differential test. Games register
# through entry points, read from the installed metadata: after changing an entry point in a
# pyproject.toml, rerun this (make .venv/.installed, which a touched pyproject.toml triggers).
if [ -n "$uv" ]; then
  "$uv" pip install --quiet --python "$venv/bin/python" --require-hashes -r "$lock"
  "$uv" pip install --quiet --python "$venv/bin/python" --no-deps --no-build-isolation -e . \
    -e examples/pig
else
  pip=("$venv/bin/python" -m pip --disable-pip-version-check)
  "${pip[@]}" install --quiet --require-hashes -r "$lock"
  "${pip[@]}" install --quiet --no-deps --no-build-isolation -e . -e examples/pig
fi

# The browser tests drive a real Chromium through Playwright (never a downloaded browser
# build): Debian's chromium package, or whatever RULEBOOKS_CHROMIUM names.
have_browser() {
  [ -n "${RULEBOOKS_CHROMIUM:-}" ] && return 0
  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
    || command -v google-chrome >/dev/null 2>&1
}
if ! have_browser; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "bootstrap: installing Debian's chromium for the browser tests" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    echo "bootstrap: no Chromium found; install Debian's chromium (apt-get install chromium)" \
      "or set RULEBOOKS_CHROMIUM, or the browser tests will fail" >&2
  fi
fi

# Cucumber's HTML report of results/messages.ndjson (`make site` and a test make it): Node.js
# is a test-time tool; @cucumber/html-formatter goes into the project's .node/ (git-ignored).
html_formatter="@cucumber/html-formatter@24.2.0"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "bootstrap: installing Debian's nodejs and npm for Cucumber's HTML report" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
  else
    echo "bootstrap: no Node.js found; install nodejs and npm, or Cucumber's HTML report" \
      "and its test will fail" >&2
  fi
fi
# axe-core, the accessibility checker the browser tests run in each page, goes there too.
axe_core="axe-core@4.14.1"
if command -v npm >/dev/null 2>&1 \
    && { ! grep -qs '"version": "24.2.0"' .node/node_modules/@cucumber/html-formatter/package.json \
      || ! grep -qs '"version": "4.14.1"' .node/node_modules/axe-core/package.json; }; then
  npm install --prefix .node --no-audit --no-fund --silent "$html_formatter" "$axe_core" >/dev/null
fi

# The in-browser playground (rulebooks/site/playground.py) runs the scenarios under Pyodide,
# served from the site's own files: the npm package, pinned; npm checks its integrity against
# the registry's, and the site build checks it against the one the project pins.
pyodide="pyodide@314.0.8"
if command -v npm >/dev/null 2>&1 \
    && ! grep -qs '"version": "314.0.8"' .node/node_modules/pyodide/package.json; then
  npm install --prefix .node --no-audit --no-fund --silent --save-exact "$pyodide" >/dev/null
fi
