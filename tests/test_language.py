"""The active language is a context variable (el_grande/text.py): it belongs to the code that
set it and to what that code starts, and reaches another thread only when carried there."""

from __future__ import annotations

import asyncio
import threading

from textual.app import App
from textual.worker import Worker, WorkerState

from el_grande import text
from el_grande.text import carry, language, t, use

KEY = "undo.secret"


def _in_a_thread(fn: object) -> list[str]:
    got: list[str] = []
    thread = threading.Thread(target=lambda: got.append(fn()))  # type: ignore[operator]
    thread.start()
    thread.join()
    return got


def test_a_new_thread_does_not_see_the_language_but_a_carried_function_does() -> None:
    use("ko")
    korean = t(KEY)
    assert korean != text.EN[KEY]
    assert _in_a_thread(lambda: t(KEY)) == [text.EN[KEY]]  # a thread starts with none set
    assert _in_a_thread(carry(lambda: t(KEY))) == [korean]
    assert language() == "ko"


def test_a_thread_that_switches_changes_nothing_here() -> None:
    use("en")
    assert _in_a_thread(lambda: use("ko").lang) == ["ko"]
    assert language() == "en" and t(KEY) == text.EN[KEY]


def test_a_carried_function_runs_twice_at_once() -> None:
    """Each call gets its own copy of the context (a context cannot be entered twice)."""
    use("ko")
    both = threading.Barrier(2)

    def work() -> str:
        both.wait(timeout=10)
        return language()

    carried = carry(work)
    results: list[str] = []
    threads = [threading.Thread(target=lambda: results.append(carried())) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == ["ko", "ko"]


async def test_tasks_inherit_it_and_keep_their_own() -> None:
    use("ko")

    async def switch() -> str:
        use("en")
        return language()

    assert await asyncio.create_task(switch()) == "en"
    assert language() == "ko"  # the task switched its own copy only
    assert await asyncio.create_task(asyncio.sleep(0, result=language())) == "ko"


async def test_a_textual_thread_worker_gets_it_when_carried() -> None:
    """Textual runs a thread worker in an executor thread, where no context variable is set:
    `carry` is what takes the language there."""
    use("ko")
    results: dict[str, str] = {}
    done = asyncio.Event()

    class Probe(App[None]):
        def on_mount(self) -> None:
            self.run_worker(lambda: t(KEY), thread=True, name="plain")
            self.run_worker(carry(lambda: t(KEY)), thread=True, name="carried")

        def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
            if event.state is WorkerState.SUCCESS:
                results[event.worker.name] = event.worker.result
                if len(results) == 2:
                    done.set()

    async with Probe().run_test() as pilot:
        await done.wait()
        await pilot.pause()
    assert results == {"plain": text.EN[KEY], "carried": t(KEY)}
    assert results["carried"] != text.EN[KEY]
