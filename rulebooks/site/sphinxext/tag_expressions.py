"""Cucumber's own tag-expression parser, for the scenario filter in the browser.

The filter script (``static/rulebooks-filter.js``) reads expressions like
``@clause:GAME-3.3 and not @example`` with the parser of the npm package
``@cucumber/tag-expressions``, vendored unchanged in ``vendor/cucumber-tag-expressions/``
(its ``dist/index.js``, ``LICENSE`` and ``package.json``, which holds its version; see the
README there). That file is an ES module; a page opened from the disk (``file://``) cannot
load a module script, so the build writes it out as a classic script defining
``window.CucumberTagExpressions`` (:func:`classic_script`), with its licence on top, into the
output's ``_static/`` (:func:`write_script`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from sphinx.application import Sphinx

VENDOR_DIR = Path(__file__).parent / "vendor" / "cucumber-tag-expressions"
SCRIPT_NAME = "cucumber-tag-expressions.js"
"""The classic script's name in the output's ``_static/``."""
GLOBAL_NAME = "CucumberTagExpressions"

_EXPORT_PARSE = re.compile(r"^export function parse\(", re.M)
_EXPORT_DEFAULT = re.compile(r"^export default parse;\s*$", re.M)
_SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)
_MODULE_SYNTAX = re.compile(r"^\s*(export|import)\b.*$", re.M)


class VendoredScriptError(ValueError):
    """The vendored module is not shaped as this wrapper expects (after an update)."""


def vendored_version(folder: Path = VENDOR_DIR) -> str:
    """The vendored package's version, from its ``package.json``."""
    package = json.loads((folder / "package.json").read_text("utf-8"))
    if package.get("name") != "@cucumber/tag-expressions":
        raise VendoredScriptError(f"{folder}/package.json is not @cucumber/tag-expressions")
    return str(package["version"])


def classic_script(module: str, version: str, licence: str) -> str:
    """The ES module ``module`` as a classic script: ``window.CucumberTagExpressions.parse``.

    Only the module's two export statements change (``export function parse(`` and
    ``export default parse;``); its source-map comment is dropped (its lines moved). Any
    other ``import``/``export`` means the package changed shape: a clear error, not a script
    that fails in the reader's browser.
    """
    if len(_EXPORT_PARSE.findall(module)) != 1 or len(_EXPORT_DEFAULT.findall(module)) != 1:
        raise VendoredScriptError(
            "the vendored @cucumber/tag-expressions no longer has exactly "
            "'export function parse(' and 'export default parse;': update the wrapper"
        )
    body = _EXPORT_PARSE.sub("function parse(", module)
    body = _EXPORT_DEFAULT.sub("", body)
    body = _SOURCE_MAP.sub("", body)
    left = _MODULE_SYNTAX.search(body)
    if left is not None:
        raise VendoredScriptError(
            f"the vendored @cucumber/tag-expressions has module syntax the wrapper does not "
            f"handle: {left.group(0).strip()!r}"
        )
    notice = licence.strip().replace("*/", "* /")
    return (
        f"/*! @cucumber/tag-expressions {version} (dist/index.js of the npm package), as a\n"
        f" * classic script defining window.{GLOBAL_NAME}.parse; vendored by Rulebooks\n"
        f" * (rulebooks/site/sphinxext/vendor/cucumber-tag-expressions).\n *\n"
        + "".join(f" * {line}".rstrip() + "\n" for line in notice.splitlines())
        + " */\n"
        f"window.{GLOBAL_NAME} = (function () {{\n"
        '"use strict";\n'
        f"{body.rstrip()}\n"
        f'return {{ parse: parse, version: "{version}" }};\n'
        "})();\n"
    )


def script_text(folder: Path = VENDOR_DIR) -> str:
    """The classic script made from the vendored package in ``folder``."""
    return classic_script(
        (folder / "index.js").read_text("utf-8"),
        vendored_version(folder),
        (folder / "LICENSE").read_text("utf-8"),
    )


def write_script(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: write the classic script into the HTML output's ``_static/``."""
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static" / SCRIPT_NAME
    text = script_text()
    if not target.is_file() or target.read_text("utf-8") != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, "utf-8")
