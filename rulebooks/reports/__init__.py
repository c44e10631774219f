"""Pages generated from the engines (exact numbers the rules imply), committed under docs/.

Each module has a pure function returning the page's Markdown and a ``__main__`` printing it;
a test regenerates every page and fails when the committed one is stale.
"""
