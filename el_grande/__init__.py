"""El Grande for the terminal: a rules core, a hot-seat Textual app, saves and bots."""

from __future__ import annotations

__all__ = ["__version__"]


def __getattr__(name: str) -> str:
    # The version is written once, in pyproject.toml; it is read from the installed package's
    # metadata when first asked for (importing importlib.metadata costs start-up time).
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version  # start-up: above

    try:
        found = version("el-grande")
    except PackageNotFoundError:  # a source tree that was never installed
        found = "0+unknown"
    globals()["__version__"] = found
    return found
