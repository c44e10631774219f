"""sphinx-build, started before its inputs are ready: ``rulebooks site`` starts it while the
scenarios run, so that loading Sphinx, MyST, the theme and the extension (about a second),
and making the application (its configuration, extensions, the last build's environment and
builder: a third of a second more), overlap the run instead of following it.

``python -m rulebooks.site.sphinx_run [--prepare] ARGS...`` imports them (with ``--prepare``,
makes the application of ``sphinx-build ARGS...`` too: :class:`PreparedBuild`), then waits
for one line on standard input: ``build`` runs ``sphinx-build ARGS...`` and exits with its
exit code; anything else, or the end of input, exits 0 having built nothing.

Only make the application ahead when nothing that it reads at its start (the configuration,
the doctrees of the last build, the output folder) changes before the build: a full build,
which deletes the doctrees first, must not.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path

BUILD = "build"
PREPARE = "--prepare"


def main(argv: list[str]) -> int:
    try:
        return _load_then_build(argv)
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: the caller says it
        return 130


def _load_then_build(argv: list[str]) -> int:
    # The slow imports, done while the caller is still busy (their order does not matter).
    import furo  # type: ignore[import-untyped]  # noqa: F401
    import myst_parser.parsers.sphinx_
    import myst_parser.sphinx_ext.main  # noqa: F401
    import sphinx.builders.html  # noqa: F401
    from sphinx.cmd.build import main as sphinx_build

    import rulebooks.formats.messages
    import rulebooks.site.sphinxext  # noqa: F401
    from rulebooks.results.gherkin_model import load_features

    features = Path("features")  # the default features folder, parsed ahead (if it is used)
    if features.is_dir():
        load_features(features, Path.cwd())  # remembered by content: an edit is parsed again

    prepared = PreparedBuild(argv[1:]) if argv[:1] == [PREPARE] else None
    if sys.stdin.readline().strip() != BUILD:
        if prepared is not None:
            prepared.close()
        return 0
    return prepared.run() if prepared is not None else sphinx_build(argv)


class PreparedBuild:
    """``sphinx-build ARGV`` in two halves: the application is made now, the build runs when
    :meth:`run` is called, as ``sphinx-build`` would have built (same exit code; an error
    making the application is reported by :meth:`run`, as sphinx-build reports it).

    sphinx-build's own parser reads the arguments. Its options that set configuration
    values, warning files or no configuration (``-D``, ``-A``, ``-n``, ``-w``, ``-C``) are
    refused, as an error of the build; the site's command uses none of them."""

    def __init__(self, argv: Sequence[str]) -> None:
        from sphinx.application import Sphinx
        from sphinx.cmd.build import get_parser
        from sphinx.util.docutils import docutils_namespace, patch_docutils

        self.args = args = get_parser().parse_args(list(argv))
        self.app: Sphinx | None = None
        self.error: BaseException | None = None
        self._contexts = contextlib.ExitStack()
        confdir = args.confdir or args.sourcedir  # sphinx-build's default: conf.py beside
        try:
            unsupported = args.define or args.htmldefine or args.nitpicky or args.warnfile
            if unsupported or args.noconfig:
                raise ValueError("-D, -A, -n, -w and -C are not supported ahead of a build")
            self._contexts.enter_context(patch_docutils(confdir))
            self._contexts.enter_context(docutils_namespace())
            self.app = Sphinx(
                srcdir=args.sourcedir,
                confdir=confdir,
                outdir=args.outputdir,
                doctreedir=args.doctreedir or str(Path(args.outputdir) / ".doctrees"),
                buildername=args.builder,
                status=None if args.quiet or args.really_quiet else sys.stdout,
                warning=None if args.really_quiet else sys.stderr,
                freshenv=args.freshenv,
                warningiserror=args.warningiserror,
                tags=args.tags,
                verbosity=args.verbosity,
                parallel=args.jobs,
                pdb=args.pdb,
            )
        except (Exception, KeyboardInterrupt) as error:
            self.error = error

    def run(self) -> int:
        """Build; sphinx-build's exit code."""
        from sphinx.cmd.build import handle_exception

        try:
            if self.error is not None:
                raise self.error
            assert self.app is not None
            self.app.build(self.args.force_all, self.args.filenames)
            return self.app.statuscode
        except (Exception, KeyboardInterrupt) as error:
            handle_exception(self.app, self.args, error, sys.stderr)
            return 2
        finally:
            self.close()

    def close(self) -> None:
        """Leave the docutils patches the application was made in."""
        self._contexts.close()


if __name__ == "__main__":
    from rulebooks.run.quick_exit import exit_now

    exit_now(main(sys.argv[1:]))  # not freeing the environment, page by page: 0.2 s
