"""Work shared among threads comes back whole and in order."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

import pytest

from artsheets.scanner import workers


def _squares_with_threads(items: Sequence[int]) -> list[tuple[int, str]]:
    return [(i * i, threading.current_thread().name) for i in items]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 100])
def test_in_parts_keeps_order(n: int) -> None:
    items = list(range(n))
    out = workers.in_parts(_squares_with_threads, items)
    assert [v for v, _ in out] == [i * i for i in items]


def test_in_parts_uses_the_pool_when_there_are_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "parts", lambda: 2)
    out = workers.in_parts(_squares_with_threads, list(range(10)))
    names = {name for _, name in out}
    assert all(name.startswith("artsheets-scan") for name in names)
    assert [v for v, _ in out] == [i * i for i in range(10)]


def test_one_core_runs_in_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "parts", lambda: 1)
    out = workers.in_parts(_squares_with_threads, list(range(10)))
    assert {name for _, name in out} == {threading.current_thread().name}


def _square_and_pid(i: int) -> tuple[int, int, int]:
    return i * i, os.getpid(), workers.parts()


def test_in_processes_keeps_order_and_runs_in_workers_with_one_thread() -> None:
    out = list(workers.in_processes(_square_and_pid, list(range(6)), 2))
    assert [v for v, _, _ in out] == [i * i for i in range(6)]
    assert os.getpid() not in {pid for _, pid, _ in out}
    assert {n for _, _, n in out} == {1}  # a worker splits nothing among threads


class _SaysWhenFreed:
    """Appends a line to a file when freed: by Python's teardown, if a process has one."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __del__(self, _open: Callable[..., IO[str]] = open) -> None:
        # (``open`` bound now: at a teardown the module's names may be gone already.)
        with _open(self.path, "a") as f:
            f.write("freed\n")


_KEPT: list[_SaysWhenFreed] = []


def _keep_till_the_end(args: tuple[int, str]) -> int:
    i, path = args
    _KEPT.append(_SaysWhenFreed(path))
    return i * i


def test_a_batch_worker_ends_without_pythons_teardown(tmp_path: Path) -> None:
    """Every result comes back, and no worker frees its objects one by one at its end (the
    object each keeps till then is never freed)."""
    marker = tmp_path / "freed.txt"
    out = list(workers.in_processes(_keep_till_the_end, [(i, str(marker)) for i in range(6)], 2))
    assert out == [i * i for i in range(6)]
    assert not marker.exists()


def test_in_processes_with_one_process_runs_here() -> None:
    out = list(workers.in_processes(_square_and_pid, [1, 2, 3], 1))
    assert [v for v, _, _ in out] == [1, 4, 9]
    assert {pid for _, pid, _ in out} == {os.getpid()}


def test_a_batch_gets_a_process_per_core_only_when_large_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(workers, "cores", lambda: 2)
    per = workers.PHOTOS_PER_PROCESS
    assert [workers.batch_processes(n) for n in (0, 1, per, 2 * per - 1)] == [1, 1, 1, 1]
    assert workers.batch_processes(2 * per) == 2
    assert workers.batch_processes(100) == 2  # never more than the cores
    monkeypatch.setattr(workers, "cores", lambda: 1)
    assert workers.batch_processes(100) == 1


def test_one_blas_thread_keeps_the_users_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "3")
    monkeypatch.delenv("MKL_NUM_THREADS", raising=False)
    workers.one_blas_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "3"
    assert os.environ["MKL_NUM_THREADS"] == "1"
