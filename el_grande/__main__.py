"""Command-line entry point (`el-grande`, `python -m el_grande`)."""

from __future__ import annotations

from el_grande import startup


def main(argv: list[str] | None = None) -> int:
    startup.hold()  # until the app's first frame, or the start of a command without one
    try:
        from el_grande.cli import main as cli_main  # start-up: after hold(), collector off

        return cli_main(argv)
    finally:
        startup.release()


if __name__ == "__main__":
    raise SystemExit(main())
