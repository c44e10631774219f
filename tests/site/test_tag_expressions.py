"""The vendored @cucumber/tag-expressions and the classic script the build makes of it."""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rulebooks.site.sphinxext.tag_expressions import (
    VENDOR_DIR,
    VendoredScriptError,
    classic_script,
    script_text,
    vendored_version,
)

README = (VENDOR_DIR / "README.md").read_text("utf-8")


def test_the_vendored_file_is_the_one_the_readme_names() -> None:
    """The README's version and sha256 are those of the files beside it."""
    digest = hashlib.sha256((VENDOR_DIR / "index.js").read_bytes()).hexdigest()
    assert f"sha256 of `index.js`: `{digest}`" in README
    assert f"version **{vendored_version()}**" in README
    assert "MIT" in (VENDOR_DIR / "LICENSE").read_text("utf-8")


def test_the_python_parser_checked_against_is_the_same_version() -> None:
    assert importlib.metadata.version("cucumber-tag-expressions") == vendored_version()


def test_the_script_carries_the_licence_and_no_module_syntax() -> None:
    text = script_text()
    head = text[: text.index("*/")]
    assert f"@cucumber/tag-expressions {vendored_version()}" in head
    assert "Permission is hereby granted, free of charge" in head
    assert "Copyright (c) 2016 Cucumber Ltd and contributors" in head
    assert not re.search(r"^\s*(export|import)\b", text, re.M)
    assert "sourceMappingURL" not in text


def test_a_changed_package_is_a_clear_error(tmp_path: Path) -> None:
    module = (VENDOR_DIR / "index.js").read_text("utf-8")
    with pytest.raises(VendoredScriptError, match="export function parse"):
        classic_script(module.replace("export default parse;", ""), "0", "MIT")
    with pytest.raises(VendoredScriptError, match="module syntax"):
        classic_script("import x from 'y';\n" + module, "0", "MIT")
    (tmp_path / "package.json").write_text('{"name": "other", "version": "1"}', "utf-8")
    with pytest.raises(VendoredScriptError, match="is not @cucumber/tag-expressions"):
        vendored_version(tmp_path)


NODE_CHECK = """
const vm = require("vm");
const context = { window: {} };
vm.runInNewContext(require("fs").readFileSync(0, "utf-8"), context);
const parse = context.window.CucumberTagExpressions.parse;
const out = [parse("(@a or @b) and not @c").evaluate(["@a"]),
             parse("(@a or @b) and not @c").evaluate(["@a", "@c"])];
try { parse("@a and"); out.push("no error"); } catch (e) { out.push(e.message); }
console.log(JSON.stringify(out));
"""


def test_the_script_runs_as_a_classic_script() -> None:
    """Run outside any module system (as a page's <script> does), it parses and evaluates
    (Node.js: installed by the set-up, scripts/bootstrap.sh)."""
    done = subprocess.run(
        [shutil.which("node") or "node", "-e", NODE_CHECK],
        input=script_text(), capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        '[true,false,"Tag expression \\"@a and\\" could not be parsed because of syntax '
        'error: Expected operand."]'
    )
