"""Command-line entry point (`el-grande`, `python -m el_grande`)."""

from __future__ import annotations

from el_grande import startup


def main(argv: list[str] | None = None) -> int:
    startup.hold()  # until the app's first frame, or the start of a command without one
    try:
        from el_grande.cli import main as cli_main  # start-up: after hold(), collector off

        return cli_main(argv)
    except KeyboardInterrupt:  # Ctrl-C before a command could stop in its own way: no trace
        return 130  # what a shell expects of a command SIGINT stopped (128 + 2)
    except BrokenPipeError:  # `el-grande export g.json | head`: the reader has had enough
        from el_grande.crash import quiet_stdout  # start-up: only when it went wrong

        return quiet_stdout()
    except Exception as exc:  # a crash is never a success (el_grande/crash.py)
        from el_grande.crash import say_crash  # start-up: only when it went wrong

        return say_crash(exc)
    finally:
        startup.release()


if __name__ == "__main__":
    raise SystemExit(main())
