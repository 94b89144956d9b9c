"""Command-line entry point (`el-grande`, `python -m el_grande`)."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    from el_grande.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
